package main

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 answer that asks for input (resultType input_required) has not
// finished its request: the headless line says "input required" (and what
// it asks with: elicitation/create), not "ok",
// as the Pairs pane says "↪ input". The TypeScript SDK v2 client sends the
// same call again with the answers, a round the line then shows ok.
func TestProxyHeadlessSaysAnAnswerAsksForInput(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Tools: mcptest.StatelessTools()})
	h := startHeadless(t, srv.Endpoint(), proxyFlags{})
	meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},"io.modelcontextprotocol/clientInfo":{"name":"ts-like","version":"2"}}`
	post := func(id, extra string) string {
		t.Helper()
		body := `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"confirm","arguments":{"action":"deploy"}` + extra + `,` + meta + `}}`
		return post2026(t, h.run.base, body, "tools/call", "confirm")
	}
	first := post("1", "")
	var asked1 struct {
		Result struct {
			ResultType   string          `json:"resultType"`
			RequestState json.RawMessage `json:"requestState"`
		} `json:"result"`
	}
	if json.Unmarshal([]byte(first), &asked1) != nil || asked1.Result.ResultType != "input_required" {
		t.Fatalf("the fake did not ask for input: %s", first)
	}
	state := "" // the fake's requestState, echoed back
	if len(asked1.Result.RequestState) > 0 {
		state = `,"requestState":` + string(asked1.Result.RequestState)
	}
	if second := post("2", `,"inputResponses":{"confirm":{"action":"accept","content":{"confirm":true}}}`+state); !strings.Contains(second, "confirmed: deploy") {
		t.Fatalf("the answered round = %s", second)
	}
	h.stop()
	var asked, done string
	for _, line := range strings.Split(h.errw.String(), "\n") {
		switch {
		case strings.Contains(line, "← tools/call confirm id=1 "):
			asked = line
		case strings.Contains(line, "← tools/call confirm id=2 "):
			done = line
		}
	}
	if !strings.Contains(asked, "← tools/call confirm id=1 input required (elicitation/create)") {
		t.Errorf("the round that asks for input reads %q, want it to say input required, and with what", asked)
	}
	if !strings.Contains(done, "← tools/call confirm id=2 ok") {
		t.Errorf("the answered round reads %q, want ok", done)
	}
}

// A 2026 client ends its subscription by closing its listen stream (the
// TypeScript SDK v2 client's McpSubscription.close does): the headless line
// names the listen request and says so, rather than that the client left
// before an answer that a listen stream never has; marked "·", as the
// session's other events are, not "!" as its failures are.
func TestProxyHeadlessNamesAClosedListenStream(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	h := startHeadless(t, srv.Endpoint(), proxyFlags{})
	ctx, closeStream := context.WithTimeout(context.Background(), 10*time.Second)
	defer closeStream()
	body := `{"jsonrpc":"2.0","id":"listen:0","method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},` +
		`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, h.run.base+"/mcp", strings.NewReader(body))
	for k, v := range map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
		"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "subscriptions/listen"} {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if _, err := srv.WaitListen(ctx); err != nil {
		t.Fatal(err)
	}
	closeStream()
	h.waitFor("· cancelled subscriptions/listen tools id=\"listen:0\": the client closed its listen stream, as a 2026 client ends a subscription")
	h.stop()
}

// A proxied 2026 client opens with server/discover (the TypeScript SDK v2
// client's probe) and no state record says which version is in use: the
// recording's negotiation reads it from the request, as the version the
// server named among its supported ones, not as an empty "protocol".
func TestProxiedDiscoverNamesTheProtocolInUse(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	h := startHeadless(t, srv.Endpoint(), proxyFlags{})
	body := `{"jsonrpc":"2.0","id":"server-discover-probe-1","method":"server/discover","params":{` +
		`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	post2026(t, h.run.base, body, "server/discover", "")
	h.stop()
	recording := onlyRecording(t, h.dir)
	log := history.NewLog()
	log.Append(readRecording(t, recording)...)
	if neg := log.Negotiation(); neg.ProtocolVersion != "2026-07-28" || neg.ServerName == "" {
		t.Errorf("the proxied session's negotiation says server %q, protocol %q; want the server named and protocol 2026-07-28", neg.ServerName, neg.ProtocolVersion)
	}
}
