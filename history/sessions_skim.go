package history

import (
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// recordSummary is the part of a record the listing counts; the listing
// reads only a skeleton of each line (see skimLine), never its payloads.
type recordSummary struct {
	Seq  int64     `json:"seq"`
	Time time.Time `json:"time"`
	Kind mcp.Kind  `json:"kind"`
	RPC  *struct {
		Class     mcp.Class `json:"class"`
		Method    string    `json:"method"`
		RPCError  bool      `json:"rpc_error"`
		ToolError bool      `json:"tool_error"`
		ReqSeq    int64     `json:"req_seq"`
		// UserStream is a listen the user typed (listenReopens).
		UserStream bool `json:"user_stream"`
	} `json:"rpc"`
	HTTP  *httpSkim `json:"http"`
	Error *struct {
		Op           string    `json:"op"`
		Purpose      string    `json:"purpose"`
		Status       int       `json:"status"`
		ReqSeq       int64     `json:"req_seq"`
		Cause        mcp.Cause `json:"cause"`
		Reconnecting bool      `json:"reconnecting"`
		Message      string    `json:"message"`
	} `json:"error"`
	State stateSkim `json:"state"`
}

// httpSkim is what the listing reads of an HTTP exchange.
type httpSkim struct {
	Purpose string `json:"purpose"`
	ReqSeq  int64  `json:"req_seq"`
}
