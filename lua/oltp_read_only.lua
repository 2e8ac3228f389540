-- SPDX-License-Identifier: GPL-2.0-or-later
-- OLTP read-only: the SELECTs of oltp_read_write, between BEGIN and COMMIT.
require("oltp_common").workload{
   transaction = true,
   steps = {
      "point_selects",
      "simple_ranges", "sum_ranges", "order_ranges", "distinct_ranges",
   },
}
