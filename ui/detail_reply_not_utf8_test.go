package ui

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A proxied client's reply to a server's request holding bytes that are
// not UTF-8 is drawn with a � for each, as a request or an answer is:
// Detail says so at its top, where it said nothing of the reply.
func TestProxiedDetailSaysAReplyIsNotUTF8(t *testing.T) {
	const warning = "⚠ the reply holds bytes that are not UTF-8, which JSON must be: they are drawn as �, and the recording keeps them exactly"
	up := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		if _, err := x.ServerRequest(x.Context(), "ping", nil); err != nil {
			t.Errorf("the server's ping: %v", err)
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"content":[]}}`)
	})
	recs := proxiedRecords(t, up.URL+"/mcp", func(front string) { replyNotUTF8(t, front+"/mcp") }, func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "tools/call"
	})
	m := proxyPane(t, "node · streamable", recs)
	ping := lastPair(m, func(p *history.Pair) bool { return p.Kind == history.KindServerRequest && p.Reply != nil })
	if ping == nil {
		t.Fatalf("no answered server request row")
	}
	view := ansi.Strip(openPair(t, m, ping.Request.Seq))
	words := strings.Join(strings.Fields(view), " ")
	if !strings.Contains(view, "�") || !strings.Contains(words, warning) {
		t.Errorf("Detail draws the reply without %q:\n%s", warning, view)
	}
	if top := strings.Index(words, warning); top > strings.Index(words, "── Request") {
		t.Errorf("the warning is not at the top of Detail:\n%s", view)
	}
}

// replyNotUTF8 is a client at endpoint: it initializes, calls a tool and
// answers the server's request on the call's stream with a result whose
// text holds bytes that are not UTF-8.
func replyNotUTF8(t *testing.T, endpoint string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	post := func(body, session string) *http.Response {
		return sessionRequest(ctx, t, http.MethodPost, endpoint, body, session)
	}
	opened := post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"node","version":"1"}}}`, "")
	if opened == nil {
		return
	}
	opened.Body.Close()
	session := opened.Header.Get("Mcp-Session-Id")
	call := post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{}}}`, session)
	if call == nil {
		return
	}
	defer call.Body.Close()
	sc := bufio.NewScanner(call.Body)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		var msg struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if !ok || json.Unmarshal([]byte(data), &msg) != nil || msg.Method != "ping" {
			continue
		}
		if r := post(`{"jsonrpc":"2.0","id":`+string(msg.ID)+`,"result":{"note":"caf`+"\xe9 \x9b"+`"}}`, session); r != nil {
			r.Body.Close()
		}
	}
}
