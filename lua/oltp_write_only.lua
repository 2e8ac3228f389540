-- SPDX-License-Identifier: GPL-2.0-or-later
-- OLTP write-only: the UPDATEs and the DELETE + INSERT pair of
-- oltp_read_write, between BEGIN and COMMIT.
require("oltp_common").workload{
   transaction = true,
   steps = { "index_updates", "non_index_updates", "delete_inserts" },
}
