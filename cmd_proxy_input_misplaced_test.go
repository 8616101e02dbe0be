package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The proxy relays a tools/list answered input_required (which the
// specification forbids outside tools/call, prompts/get and
// resources/read) as it came, and reads it as that request's end: the
// headless line says ok, not input required, the recording's row is ok,
// and a client's next tools/list, even one that answers the question
// anyway, is a request of its own, not a round of the first.
func TestProxyReadsMisplacedInputAsTheEnd(t *testing.T) {
	const answer = `"result":{"resultType":"input_required","requestState":"x","inputRequests":{"who":{"method":"roots/list","params":{}}},"tools":[]}}`
	srv := mcptest.StatelessOnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,` + answer)
	})
	h := startHeadless(t, srv.Endpoint(), proxyFlags{})
	post := func(id, extra string) string {
		t.Helper()
		body := `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/list","params":{` + extra +
			`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"roots":{}}}}}`
		return post2026(t, h.run.base, body, "tools/list", "")
	}
	if got := post("1", ""); !strings.Contains(got, answer) {
		t.Fatalf("the client got %s, want the server's answer relayed as it came", got)
	}
	post("2", `"inputResponses":{"who":{"roots":[]}},"requestState":"x",`)
	h.stop()
	var line string
	for _, l := range strings.Split(h.errw.String(), "\n") {
		if strings.Contains(l, "← tools/list id=1 ") {
			line = l
		}
	}
	if !strings.Contains(line, "← tools/list id=1 ok") {
		t.Errorf("the relayed answer reads %q, want ok: tools/list has no round to follow\n%s", line, h.errw.String())
	}
	recording := onlyRecording(t, h.dir)
	log := history.NewLog()
	log.Append(readRecording(t, recording)...)
	rows := 0
	for i := range log.PairCount() {
		if p := log.Pair(i); p.Method == "tools/list" {
			rows++
			if p.State != history.StateOK || p.Chain != 0 {
				t.Errorf("tools/list id %s is %q in chain %d, want ok and a request of its own", p.ID, p.State, p.Chain)
			}
		}
	}
	if rows != 2 {
		t.Errorf("%d tools/list rows, want 2", rows)
	}
}
