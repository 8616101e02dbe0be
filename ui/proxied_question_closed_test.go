package ui

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server's question (elicitation/create) to a proxied client that the
// client ended its session without answering: Detail said "the session
// closed before mcpscope answered", where the client answers in a proxied
// session, and mcpscope only relays.
func TestProxiedQuestionClosedSaysTheClientDidNotAnswer(t *testing.T) {
	up := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		_, _ = x.ServerRequest(x.Context(), "elicitation/create", map[string]any{
			"message": "Name?", "requestedSchema": map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}},
		})
	})
	recs := proxiedRecords(t, up.URL+"/mcp", func(front string) { leaveAsked(t, front+"/mcp") }, func(r mcp.Record) bool {
		return r.Kind == mcp.KindState && r.State != nil && r.State.State == mcp.StateClosed && r.State.URL != ""
	})
	m := proxyPane(t, "node · streamable", recs)
	ask := lastPair(m, func(p *history.Pair) bool {
		return p.Kind == history.KindServerRequest && p.Method == "elicitation/create"
	})
	if ask == nil || ask.State != history.StateClosed {
		t.Fatalf("the elicitation/create row is %v, want one closed with the session", ask)
	}
	words := strings.Join(strings.Fields(ansi.Strip(openPair(t, m, ask.Request.Seq))), " ")
	if !strings.Contains(words, "the session closed before the client answered") || strings.Contains(words, "mcpscope answered") {
		t.Errorf("Detail does not say the client left the question unanswered:\n%s", words)
	}
}

// leaveAsked is a client at endpoint: it initializes, calls a tool and,
// once the server asks it something on the call's stream, ends its
// session with DELETE without answering.
func leaveAsked(t *testing.T, endpoint string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	send := func(method, body, session string) *http.Response {
		return sessionRequest(ctx, t, method, endpoint, body, session)
	}
	opened := send(http.MethodPost, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"elicitation":{}},"clientInfo":{"name":"node","version":"1"}}}`, "")
	if opened == nil {
		return
	}
	opened.Body.Close()
	session := opened.Header.Get("Mcp-Session-Id")
	call := send(http.MethodPost, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{}}}`, session)
	if call == nil {
		return
	}
	defer call.Body.Close()
	sc := bufio.NewScanner(call.Body)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "data: ") && strings.Contains(sc.Text(), `"elicitation/create"`) {
			if r := send(http.MethodDelete, "", session); r != nil {
				r.Body.Close()
			}
			return
		}
	}
}

// sessionRequest sends body to endpoint as a streamable client does, in
// session when not "", and returns the answer; nil when the proxy was
// closed under it at the test's end (the records say what came).
func sessionRequest(ctx context.Context, t *testing.T, method, endpoint, body, session string) *http.Response {
	req, err := http.NewRequestWithContext(ctx, method, endpoint, strings.NewReader(body))
	if err != nil {
		t.Error(err)
		return nil
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil
	}
	return resp
}
