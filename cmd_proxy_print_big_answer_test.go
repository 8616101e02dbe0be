package main

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A headless capture whose client listed its tools prints the line of a
// 16 MB answer of a tool that has no outputSchema without copying the
// answer to look for one: each tools/call answer was copied and scanned
// once any tool was listed. It runs alone in a child process: what the
// process allocates while the line is made is then what making it costs,
// not also what goroutines of the package's earlier tests allocate.
func TestHeadlessLineOfABigAnswerWithoutSchema(t *testing.T) {
	if rerunInChild(t) {
		return
	}
	lp, printed := headlessLines()
	at := time.Now()
	lp.record(mcp.Record{Seq: 1, Time: at, Kind: mcp.KindSent,
		RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "1", Method: "tools/list", Raw: `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`}})
	lp.record(mcp.Record{Seq: 2, Time: at, Kind: mcp.KindReceived,
		RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassResponse, ID: "1", ReqSeq: 1, Method: "tools/list",
			Raw: `{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"echo","inputSchema":{"type":"object"}},{"name":"report","inputSchema":{"type":"object"},"outputSchema":{"type":"object"}}]}}`}})
	if len(lp.tools.Tools()) != 2 {
		t.Fatalf("the listing was not taken: %d tools", len(lp.tools.Tools()))
	}
	lp.record(mcp.Record{Seq: 3, Time: at, Kind: mcp.KindSent,
		RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "2", Method: "tools/call", Tool: "echo"}})
	answer := mcp.Record{Seq: 4, Time: at, Kind: mcp.KindReceived,
		RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassResponse, ID: "2", ReqSeq: 3, Method: "tools/call", Tool: "echo",
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"` + strings.Repeat("x", 16<<20) + `"}]}}`)}}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	lp.record(answer)
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
		t.Errorf("the line of a 16 MB answer of a tool with no outputSchema allocated %d bytes", got)
	}
	if lines := printed(); !strings.Contains(lines, "tools/call echo id=2") || strings.Contains(lines, "outputSchema") {
		t.Errorf("the lines:\n%s", lines)
	}
}
