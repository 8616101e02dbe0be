package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A server's request in Detail says which stream it came on, and the POST
// that carried our reply (its request line and headers, its status and
// time) is shown as the reply's: the headers stood under the server's
// request, as if the server had POSTed them, and the timing line read
// "POST 202: headers after … · response after …" as for a request of ours.
func TestLiveDetailShowsAServerRequestsStreamAndOurReplysPOST(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.call(`sample prompt="Name a transport"`)
	l.waitFor("asks: sampling/createMessage")
	l.mark() // Negotiation's last POST is tools/call's 200 until the reply's
	l.typeLine("streamable HTTP")
	l.waitOK("tools/call sample")
	// The server hands our reply to the tool before it answers the reply's
	// POST 202 (the Go SDK does), so the tool's answer can come before
	// that 202: wait for the POST's record as well as the answer's.
	l.waitFor("last 202 in ")
	m := l.quit()
	var asked, call *history.Pair
	for i := 0; i < m.com.log.PairCount(); i++ {
		switch p := m.com.log.Pair(i); {
		case p.Kind == history.KindServerRequest && p.Method == "sampling/createMessage":
			asked = p
		case p.Kind == history.KindRequest && p.Tool == "sample":
			call = p
		}
	}
	if asked == nil || asked.Post == nil || call == nil {
		t.Fatalf("no answered sampling row with its reply's POST (%+v) or no tools/call sample row", asked)
	}
	text := ansi.Strip(openPair(t, m, asked.Request.Seq))
	request := strings.Index(text, "── Request ──")
	reply := strings.Index(text, "── Our reply ──")
	post := strings.Index(text, "POST "+gw.MCPURL())
	if request < 0 || reply < request || post < reply {
		t.Errorf("the reply's POST is not under Our reply (Request at %d, Our reply at %d, POST line at %d):\n%s", request, reply, post, text)
	}
	via := "came on the response stream (SSE) of request " + call.ID + " (tools/call sample)"
	if i := strings.Index(text, via); i < request || i > reply {
		t.Errorf("the server's request does not say it came on the response stream of tools/call sample (%q):\n%s", via, text)
	}
	if !strings.Contains(text, "our reply's POST 202: headers after ") || !strings.Contains(text, "answered after ") || strings.Contains(text, "response after") {
		t.Errorf("the timing line does not name the reply's POST and when it was answered:\n%s", text)
	}
}
