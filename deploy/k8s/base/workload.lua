-- SPDX-License-Identifier: GPL-2.0-or-later
-- The workload every instance runs: here the built-in oltp_read_write
-- (the image holds all of bench's workloads). Put your own script here
-- (docs/lua-api.md); sysbench.instance and sysbench.instances tell an
-- instance its share (docs/scale-out.md).
require("oltp_read_write")
