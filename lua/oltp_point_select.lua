-- SPDX-License-Identifier: GPL-2.0-or-later
-- One primary-key SELECT per event, in autocommit mode.
require("oltp_common").workload{
   steps = { { "point_selects", count = 1 } },
}
