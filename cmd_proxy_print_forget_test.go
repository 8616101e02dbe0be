package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/proxy"
)

// A headless capture keeps what it needs of a request only until its
// story ends: an answer, or an error. A long capture of a client whose
// requests all fail (an upstream that times out) kept one entry per
// request for the whole session.
func TestHeadlessLinesForgetAFailedRequest(t *testing.T) {
	lp, printed := headlessLines()
	at := time.Now()
	for seq := int64(1); seq <= 200; seq += 2 {
		lp.record(mcp.Record{Seq: seq, Time: at, Kind: mcp.KindSent,
			RPC: &mcp.RPCMessage{Dir: "out", Class: mcp.ClassRequest, ID: "1", Method: "tools/call", Tool: "slow"}})
		lp.record(mcp.Record{Seq: seq + 1, Time: at, Kind: mcp.KindError,
			Error: &mcp.ErrorInfo{Op: mcp.OpTimeout, ReqSeq: seq, Message: "no answer in time"}})
	}
	lines := printed()
	if n := len(lp.asked); n != 0 {
		t.Errorf("%d failed requests are still kept, want none", n)
	}
	if !strings.Contains(lines, "! timeout tools/call slow id=1: no answer in time") {
		t.Errorf("the error lines do not name the request:\n%s", lines)
	}
}

// headlessLines is the headless line printer of client 1, and what it
// printed once the records given it are in.
func headlessLines() (*linePrinter, func() string) {
	var buf bytes.Buffer
	out := newLineOrder(&buf)
	lp := &linePrinter{out: out, c: &proxy.Client{ID: 1}, asked: map[int64]*inFlight{}}
	return lp, func() string {
		out.start()
		out.close()
		return buf.String()
	}
}
