-- SPDX-License-Identifier: GPL-2.0-or-later
-- One DELETE by primary key per event, in autocommit mode.
require("oltp_common").workload{ steps = { { "deletes", count = 1 } } }
