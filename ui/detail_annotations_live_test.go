package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Detail says in brief what a result's content annotations say (whom each
// block is for, its priority), in the words exec prints, above the JSON
// where they were only members deep in it.
func TestLiveDetailShowsContentAnnotations(t *testing.T) {
	_, view := echoCallDetail(t, `{"content":[`+
		`{"type":"text","text":"Error: Operation failed","annotations":{"priority":1.0,"audience":["user","assistant"]}},`+
		`{"type":"text","text":"plain"},`+
		`{"type":"image","mimeType":"image/png","data":"AAAA","annotations":{"priority":0.5,"audience":["user"]}}]}`)
	for _, want := range []string{
		"annotated content 1 (text): for: user, assistant · priority 1",
		"          content 3 (image): for: user · priority 0.5",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("Detail lacks %q:\n%s", want, view)
		}
	}
	if strings.Contains(view, "content 2") {
		t.Errorf("Detail names a block with no annotations:\n%s", view)
	}
}

// echoCallDetail is Detail (without colours) of a live tools/call echo
// that a streamable server answered with result, and the model after
// quitting, for a test to open other rows of.
func echoCallDetail(t *testing.T, result string) (*Model, string) {
	t.Helper()
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":` + result + `}`)
	})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 120, 40, "● initialized")
	l.callOK("echo text=hi")
	m := l.quit()
	call := lastPair(m, func(p *history.Pair) bool { return p.Tool == "echo" && p.Response != nil })
	if call == nil {
		t.Fatalf("no answered tools/call echo row")
	}
	return m, ansi.Strip(openPair(t, m, call.Request.Seq))
}
