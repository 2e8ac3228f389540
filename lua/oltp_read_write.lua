-- SPDX-License-Identifier: GPL-2.0-or-later
-- OLTP read/write: per transaction 10 point SELECTs, 4 range SELECTs, 2
-- UPDATEs and a DELETE + INSERT pair, between BEGIN and COMMIT.
require("oltp_common").workload{
   transaction = true,
   steps = {
      "point_selects",
      "simple_ranges", "sum_ranges", "order_ranges", "distinct_ranges",
      "index_updates", "non_index_updates",
      "delete_inserts",
   },
}
