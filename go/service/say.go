package service

import "rpcbench/go/contract"

// said makes out the message received with field1 and field2 set, copying each field's value as it came
// (no reflection): the seeds' Go servers copy the request into the reply the same way.
func said(req, out *contract.BenchmarkMessage, field1 *string, field2 *int32) {
	out.Field3 = req.Field3
	out.Field4 = req.Field4
	out.Field5 = req.Field5
	out.Field6 = req.Field6
	out.Field7 = req.Field7
	out.Field9 = req.Field9
	out.Field12 = req.Field12
	out.Field13 = req.Field13
	out.Field14 = req.Field14
	out.Field16 = req.Field16
	out.Field17 = req.Field17
	out.Field18 = req.Field18
	out.Field22 = req.Field22
	out.Field23 = req.Field23
	out.Field24 = req.Field24
	out.Field25 = req.Field25
	out.Field29 = req.Field29
	out.Field30 = req.Field30
	out.Field59 = req.Field59
	out.Field60 = req.Field60
	out.Field67 = req.Field67
	out.Field68 = req.Field68
	out.Field78 = req.Field78
	out.Field80 = req.Field80
	out.Field81 = req.Field81
	out.Field100 = req.Field100
	out.Field101 = req.Field101
	out.Field102 = req.Field102
	out.Field103 = req.Field103
	out.Field104 = req.Field104
	out.Field128 = req.Field128
	out.Field129 = req.Field129
	out.Field130 = req.Field130
	out.Field131 = req.Field131
	out.Field150 = req.Field150
	out.Field271 = req.Field271
	out.Field272 = req.Field272
	out.Field280 = req.Field280
	out.Field1 = field1
	out.Field2 = field2
}
