  $ true
