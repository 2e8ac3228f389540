-- SPDX-License-Identifier: GPL-2.0-or-later
-- UPDATE of the indexed column k (--index_updates per event, autocommit).
require("oltp_common").workload{ steps = { "index_updates" } }
