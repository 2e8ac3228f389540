-- SPDX-License-Identifier: GPL-2.0-or-later
-- UPDATE of the non-indexed column c (--non_index_updates per event,
-- autocommit).
require("oltp_common").workload{ steps = { "non_index_updates" } }
