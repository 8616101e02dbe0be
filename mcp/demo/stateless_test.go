package demo

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// modern builds a 2026-07-28 request as its headers and body: _meta carries
// the version, the capabilities and the client, and the headers mirror the
// version, the method and (for tools/call) the name.
func modern(t *testing.T, id int, method string, params map[string]any, caps map[string]any) (map[string]string, string) {
	t.Helper()
	if params == nil {
		params = map[string]any{}
	}
	if caps == nil {
		caps = map[string]any{}
	}
	meta, _ := params["_meta"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
	}
	meta[mcp.MetaKeyProtocolVersion] = protocol2026
	meta[mcp.MetaKeyClientCapabilities] = caps
	meta[mcp.MetaKeyClientInfo] = map[string]any{"name": "raw-test", "version": "0"}
	params["_meta"] = meta
	header := map[string]string{
		"Content-Type":         "application/json",
		"Accept":               "application/json, text/event-stream",
		"MCP-Protocol-Version": protocol2026,
		"Mcp-Method":           method,
	}
	if name, ok := params["name"].(string); ok {
		header["Mcp-Name"] = name
	}
	body := mustJSON(t, map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	return header, body
}

// modernCall sends a 2026 request and returns its answer's one JSON-RPC
// response, from an SSE stream or a JSON body.
func modernCall(t *testing.T, url string, header map[string]string, body string) (int, map[string]any) {
	t.Helper()
	a := rawDo(t, http.MethodPost, url, header, body)
	if strings.HasPrefix(a.header.Get("Content-Type"), "application/json") {
		return a.status, jsonBody(t, a)
	}
	for _, e := range allEvents(t, a.body) {
		if e.msg["id"] != nil {
			return a.status, e.msg
		}
	}
	t.Fatalf("answer %d %q has no response", a.status, a.body)
	return 0, nil
}

func TestStatelessDiscover(t *testing.T) {
	ts := startDemo(t, Options{Version: "9.9.9"})
	header, body := modern(t, 1, "server/discover", nil, nil)
	a := rawDo(t, http.MethodPost, ts.URL+StatelessPath, header, body)
	if a.status != http.StatusOK || a.header.Get("Content-Type") != "text/event-stream" || a.header.Get("Mcp-Session-Id") != "" {
		t.Fatalf("server/discover = %d %s session %q, want 200 text/event-stream and no session",
			a.status, a.header.Get("Content-Type"), a.header.Get("Mcp-Session-Id"))
	}
	evs := allEvents(t, a.body)
	if len(evs) != 1 || evs[0].typ != "message" || evs[0].id != "" {
		t.Fatalf("server/discover events = %+v, want one message without an id (no resumption in 2026)", evs)
	}
	res := path(evs[0].msg, "result")
	versions, _ := path(res, "supportedVersions").([]any)
	if !slices.Contains(versions, any(protocol2026)) || !slices.Contains(versions, any("2025-11-25")) {
		t.Errorf("supportedVersions = %v, want 2026-07-28 and the older ones", versions)
	}
	if got := path(res, "_meta", mcp.MetaKeyServerInfo, "version"); got != "9.9.9" {
		t.Errorf("_meta serverInfo version = %v, want 9.9.9", got)
	}
	if path(res, "resultType") != "complete" || path(res, "cacheScope") != "public" || path(res, "ttlMs") == nil {
		t.Errorf("discover result = %v, want resultType complete, ttlMs and cacheScope", res)
	}
	if path(res, "capabilities", "resources", "subscribe") != true || path(res, "capabilities", "completions") == nil {
		t.Errorf("capabilities = %v, want subscribable resources and completions", path(res, "capabilities"))
	}
}

func TestStatelessRefusals(t *testing.T) {
	ts := startDemo(t, Options{})
	url := ts.URL + StatelessPath
	for _, method := range []string{http.MethodGet, http.MethodDelete} {
		a := rawDo(t, method, url, map[string]string{"Accept": "text/event-stream"}, "")
		if a.status != http.StatusMethodNotAllowed || a.header.Get("Allow") != "POST" {
			t.Errorf("%s %s = %d Allow %q, want 405 Allow POST", method, StatelessPath, a.status, a.header.Get("Allow"))
		}
	}

	greet := map[string]any{"name": "greet", "arguments": map[string]any{"name": "Ann"}}
	tests := []struct {
		name       string
		edit       func(h map[string]string) (map[string]string, string)
		wantStatus int
		wantCode   float64
		wantText   string
	}{
		{"no Mcp-Name", func(map[string]string) (map[string]string, string) {
			h, b := modern(t, 2, "tools/call", greet, nil)
			delete(h, "Mcp-Name")
			return h, b
		}, 400, -32020, "Mcp-Name"},
		{"Mcp-Name differs", func(map[string]string) (map[string]string, string) {
			h, b := modern(t, 3, "tools/call", greet, nil)
			h["Mcp-Name"] = "convert"
			return h, b
		}, 400, -32020, "Mcp-Name"},
		{"version header differs", func(map[string]string) (map[string]string, string) {
			h, b := modern(t, 4, "tools/list", nil, nil)
			h["MCP-Protocol-Version"] = "2099-01-01"
			return h, b
		}, 400, -32020, "does not match"},
		{"unknown version", func(map[string]string) (map[string]string, string) {
			h, b := modern(t, 11, "tools/list", nil, nil)
			h["MCP-Protocol-Version"] = "2099-01-01"
			return h, strings.Replace(b, protocol2026, "2099-01-01", 1)
		}, 400, -32022, "unsupported protocol version"},
		{"unknown method", func(map[string]string) (map[string]string, string) {
			return modern(t, 5, "no/such/method", nil, nil)
		}, 404, -32601, "no/such/method"},
		{"initialize", func(map[string]string) (map[string]string, string) {
			return modern(t, 6, "initialize", map[string]any{"protocolVersion": protocol2026}, nil)
		}, 404, -32601, "initialize"},
		{"confirm without elicitation", func(map[string]string) (map[string]string, string) {
			return modern(t, 7, "tools/call", map[string]any{"name": "confirm"}, nil)
		}, 400, -32021, "elicitation (form)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, b := tt.edit(nil)
			status, msg := modernCall(t, url, h, b)
			if status != tt.wantStatus || path(msg, "error", "code") != tt.wantCode {
				t.Errorf("%s = %d %v, want %d with code %v", tt.name, status, msg, tt.wantStatus, tt.wantCode)
			}
			if m, _ := path(msg, "error", "message").(string); !strings.Contains(m, tt.wantText) {
				t.Errorf("%s error message = %q, want it to say %q", tt.name, m, tt.wantText)
			}
		})
	}

	// The -32022 error lists the versions there are.
	h, b := modern(t, 12, "tools/list", nil, nil)
	h["MCP-Protocol-Version"] = "2099-01-01"
	if _, msg := modernCall(t, url, h, strings.Replace(b, protocol2026, "2099-01-01", 1)); !strings.Contains(mustJSON(t, path(msg, "error", "data", "supported")), protocol2026) {
		t.Errorf("-32022 data = %v, want the supported versions", path(msg, "error", "data"))
	}

	// The -32021 error says which capability, as data.
	h, b = modern(t, 8, "tools/call", map[string]any{"name": "confirm"}, nil)
	if _, msg := modernCall(t, url, h, b); path(msg, "error", "data", "requiredCapabilities", "elicitation", "form") == nil ||
		path(msg, "error", "data", "requiredCapabilities", "roots") != nil {
		t.Errorf("-32021 data = %v, want requiredCapabilities.elicitation.form and nothing else", path(msg, "error", "data"))
	}

	// "arguments": null is read as no arguments rather than crashing the
	// gateway (the SDK alone panics on it).
	h, b = modern(t, 9, "tools/call", map[string]any{"name": "greet", "arguments": nil}, nil)
	_, msg := modernCall(t, url, h, b)
	if path(msg, "result", "isError") != true || !strings.Contains(mustJSON(t, path(msg, "result", "content")), "name") {
		t.Errorf("greet with null arguments = %v, want a tool error about the missing name", msg)
	}
	h, b = modern(t, 10, "tools/call", greet, nil)
	if _, msg := modernCall(t, url, h, b); !strings.Contains(mustJSON(t, msg), "Hello, Ann!") {
		t.Errorf("greet after that = %v, want the gateway still answering", msg)
	}
}

// A 2025 request is served too, without a session: no initialize first, no
// _meta, and no session id back.
func TestStatelessServesOlderRequests(t *testing.T) {
	ts := startDemo(t, Options{})
	a := rawDo(t, http.MethodPost, ts.URL+StatelessPath, map[string]string{
		"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18",
	}, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"greet","arguments":{"name":"Old"}}}`)
	msgs := messages(t, a.body)
	if a.status != http.StatusOK || a.header.Get("Mcp-Session-Id") != "" || len(msgs) != 1 ||
		!strings.Contains(mustJSON(t, msgs[0].msg), "Hello, Old!") || path(msgs[0].msg, "result", "resultType") != nil {
		t.Errorf("a 2025 tools/call = %d session %q %v, want the answer, without session or resultType", a.status, a.header.Get("Mcp-Session-Id"), msgs)
	}
}

func TestStatelessInputRequiredChain(t *testing.T) {
	ts := startDemo(t, Options{})
	url := ts.URL + StatelessPath
	caps := map[string]any{"elicitation": map[string]any{"form": map[string]any{}}}
	args := map[string]any{"action": "ship it"}

	h, b := modern(t, 1, "tools/call", map[string]any{"name": "confirm", "arguments": args}, caps)
	status, first := modernCall(t, url, h, b)
	res := path(first, "result")
	if status != http.StatusOK || path(res, "resultType") != "input_required" || path(res, "content") != nil {
		t.Fatalf("first round = %d %v, want 200 resultType input_required and no content", status, first)
	}
	req := path(res, "inputRequests", confirmKey)
	if path(req, "method") != "elicitation/create" || path(req, "params", "mode") != "form" ||
		path(req, "params", "message") != "Confirm: ship it?" {
		t.Errorf("inputRequests.confirm = %v, want an elicitation form asking to confirm", req)
	}
	if got := mustJSON(t, path(req, "params", "requestedSchema", "required")); got != `["name","confirm"]` {
		t.Errorf("requestedSchema required = %s, want name and confirm", got)
	}
	state, _ := path(res, "requestState").(string)
	if state == "" {
		t.Fatal("no requestState in the first round")
	}

	second := func(id int, args map[string]any, state string, content map[string]any) (int, map[string]any) {
		h, b := modern(t, id, "tools/call", map[string]any{
			"name": "confirm", "arguments": args, "requestState": state,
			"inputResponses": map[string]any{confirmKey: map[string]any{"action": "accept", "content": content}},
		}, caps)
		return modernCall(t, url, h, b)
	}
	status, done := second(2, args, state, map[string]any{"name": "Ann", "confirm": true, "copies": 2})
	if got := mustJSON(t, path(done, "result", "content")); status != http.StatusOK || path(done, "result", "resultType") != "complete" ||
		!strings.Contains(got, "confirmed by Ann: ship it in staging, 2 copies") {
		t.Errorf("second round = %d %v, want complete and confirmed", status, done)
	}

	refusals := []struct {
		name    string
		args    map[string]any
		state   string
		content map[string]any
		want    string
	}{
		{"forged state", args, state[:len(state)-2] + "AA", map[string]any{"name": "Ann", "confirm": true}, "not issued by this server"},
		{"other arguments", map[string]any{"action": "something else"}, state, map[string]any{"name": "Ann", "confirm": true}, "other arguments"},
		{"form breaks its schema", args, state, map[string]any{"confirm": "yes"}, "does not fit its requestedSchema"},
	}
	for i, tt := range refusals {
		status, msg := second(3+i, tt.args, tt.state, tt.content)
		if m, _ := path(msg, "error", "message").(string); status != http.StatusBadRequest || path(msg, "error", "code") != float64(-32602) || !strings.Contains(m, tt.want) {
			t.Errorf("%s = %d %v, want 400 -32602 saying %q", tt.name, status, msg, tt.want)
		}
	}
}

// The SDK's client runs the same chain by itself; with that turned off, a
// program sees each round.
func TestStatelessInputRequiredWithSDKClient(t *testing.T) {
	ts := startDemo(t, Options{})
	cs := statelessEra.connect(t, ts.URL, &mcp.ClientOptions{
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
		CreateMessageHandler: func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			t.Error("the client's sampling handler ran although multi round-trip handling is off")
			return nil, nil
		},
	})
	first := call(t, cs, "sample", map[string]any{"prompt": "hi"})
	if !first.NeedsInput() || first.InputRequests[sampleKey] == nil || first.RequestState == "" {
		t.Fatalf("sample first round = %+v, want input required for %q", first, sampleKey)
	}
	res, err := cs.CallTool(ctxT(t), &mcp.CallToolParams{
		Name: "sample", Arguments: map[string]any{"prompt": "hi"}, RequestState: first.RequestState,
		InputResponses: mcp.InputResponseMap{sampleKey: &mcp.CreateMessageWithToolsResult{
			Model: "by-hand", Role: "assistant", Content: []mcp.Content{&mcp.TextContent{Text: "hello"}},
		}},
	})
	if err != nil || res.NeedsInput() || text(t, res) != "model by-hand answered:\nhello" {
		t.Errorf("sample second round = %v %v, want the answer given by hand", res, err)
	}
}

func TestStatelessListen(t *testing.T) {
	ts := startDemo(t, Options{ClockInterval: 20 * time.Millisecond})
	url := ts.URL + StatelessPath
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	h, b := modern(t, 1, "subscriptions/listen", map[string]any{"notifications": map[string]any{
		"toolsListChanged": true, "resourceSubscriptions": []string{clockURI},
	}}, nil)
	resp := rawOpen(t, ctx, http.MethodPost, url, h, b)
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("subscriptions/listen = %d %s, want 200 text/event-stream", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	evs := streamEvents(resp.Body)
	ack := receive(t, evs, "acknowledgement")
	if ack.msg["method"] != "notifications/subscriptions/acknowledged" || path(ack.msg, "params", "notifications", "toolsListChanged") != true {
		t.Fatalf("first listen event = %v, want the acknowledgement of toolsListChanged", ack.msg)
	}

	// Another request changes the tool list; the listen stream hears of it,
	// tagged with the listen's id.
	h, b = modern(t, 2, "tools/call", map[string]any{"name": "mcp-add", "arguments": map[string]any{"name": "dice"}}, nil)
	if _, msg := modernCall(t, url, h, b); path(msg, "result", "isError") == true {
		t.Fatalf("mcp-add dice = %v", msg)
	}
	var sawTools, sawClock bool
	for !sawTools || !sawClock {
		e := receive(t, evs, "tools/list_changed and resources/updated on the listen stream")
		switch e.msg["method"] {
		case "notifications/tools/list_changed":
			sawTools = true
		case "notifications/resources/updated":
			sawClock = path(e.msg, "params", "uri") == clockURI
		default:
			t.Fatalf("unexpected listen event %v", e.msg)
		}
		if got := path(e.msg, "params", "_meta", mcp.MetaKeySubscriptionID); got != float64(1) {
			t.Errorf("%v carries subscriptionId %v, want the listen's id 1", e.msg["method"], got)
		}
	}
}

// On 2026-07-28 a client cancels by closing the request's stream; the
// demo's handler stops then, which ends the request's throwaway session
// (the SDK ends it only once its requests return). slow works in one
// 30-second step here, so only the cancellation can end it within the
// test's timeout.
func TestStatelessCancelByClosingTheStream(t *testing.T) {
	ts, handler := startHandler(t, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h, b := modern(t, 1, "tools/call", map[string]any{"name": "slow", "arguments": map[string]any{"seconds": 30, "steps": 1}}, nil)
	done := make(chan error, 1)
	go func() {
		// The SDK sends no headers before the stream's first event, so this
		// returns only once the request is cancelled.
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL+StatelessPath, strings.NewReader(b))
		for k, v := range h {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		done <- err
	}()
	waitFor(t, "slow's session to start", func() bool { return handler.sessions.count() == 1 })
	cancel()
	if err := receive(t, done, "the cancelled POST's end"); !errors.Is(err, context.Canceled) {
		t.Errorf("the cancelled POST ended with %v, want context.Canceled", err)
	}
	waitFor(t, "slow's session to end after its stream was closed", func() bool { return handler.sessions.count() == 0 })
}

// forecast's arguments carry x-mcp-header: a 2026 call mirrors them in
// Mcp-Param headers, base64 where the value is not plain ASCII.
func TestStatelessMirroredHeaders(t *testing.T) {
	ts := startDemo(t, Options{})
	url := ts.URL + StatelessPath
	args := map[string]any{"region": "Zürich", "days": 2, "metric": false}
	mirrored := map[string]string{
		"Mcp-Param-Region": "=?base64?WsO8cmljaA==?=", "Mcp-Param-Days": "2", "Mcp-Param-Metric": "false",
	}
	callWith := func(id int, edit func(h map[string]string)) (int, map[string]any) {
		h, b := modern(t, id, "tools/call", map[string]any{"name": "forecast", "arguments": args}, nil)
		for k, v := range mirrored {
			h[k] = v
		}
		edit(h)
		return modernCall(t, url, h, b)
	}
	status, msg := callWith(1, func(map[string]string) {})
	if got := mustJSON(t, path(msg, "result", "content")); status != http.StatusOK || !strings.Contains(got, `Zürich, 2 days:\nday 1: `) || !strings.Contains(got, "°F") {
		t.Errorf("forecast with mirrored headers = %d %v, want a two-day forecast in °F", status, msg)
	}
	for _, tt := range []struct {
		name string
		edit func(h map[string]string)
		want string
	}{
		{"missing", func(h map[string]string) { delete(h, "Mcp-Param-Days") }, "missing Mcp-Param-Days"},
		{"differs", func(h map[string]string) { h["Mcp-Param-Metric"] = "true" }, "Mcp-Param-Metric header value 'true' does not match"},
	} {
		status, msg := callWith(2, tt.edit)
		if m, _ := path(msg, "error", "message").(string); status != http.StatusBadRequest || path(msg, "error", "code") != float64(-32020) || !strings.Contains(m, tt.want) {
			t.Errorf("%s header = %d %v, want 400 -32020 saying %q", tt.name, status, msg, tt.want)
		}
	}
}
