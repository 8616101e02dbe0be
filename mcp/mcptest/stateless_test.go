package mcptest

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// fullCaps declares every capability the fake's multi round-trip tools need.
const fullCaps = `{"elicitation":{"form":{}},"roots":{},"sampling":{}}`

// req is a request body and its headers.
type req struct {
	body   string
	header http.Header
}

// modern is a 2026 request: its body with params and the _meta triple, and
// the headers mirroring it (Mcp-Name from params name or uri).
func modern(id int, method, params string) req {
	return modernMeta(id, method, params, `"io.modelcontextprotocol/protocolVersion":"2026-07-28",`+
		`"io.modelcontextprotocol/clientCapabilities":`+fullCaps+`,"io.modelcontextprotocol/clientInfo":{"name":"t","version":"0"}`)
}

// modernMeta is modern with _meta's members given raw.
func modernMeta(id int, method, params, meta string) req {
	if params == "" {
		params = "{}"
	}
	p := `{"_meta":{` + meta + `}`
	if inner := strings.TrimSpace(params[1 : len(params)-1]); inner != "" {
		p += "," + inner
	}
	p += "}"
	body := `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"` + method + `","params":` + p + `}`
	h := streamHeader("", "2026-07-28")
	h.Set("Mcp-Method", method)
	var named struct {
		Name string `json:"name"`
		URI  string `json:"uri"`
	}
	_ = json.Unmarshal([]byte(params), &named)
	if v := named.Name + named.URI; v != "" {
		h.Set("Mcp-Name", v)
	}
	return req{body, h}
}

// post2026 sends a 2026 request to the stateless fake.
func post2026(t *testing.T, srv *StatelessServer, r req) *http.Response {
	t.Helper()
	return send(t, context.Background(), http.MethodPost, srv.Endpoint(), r.header, r.body)
}

const discoverResult = `{"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"fake","version":"1.0"}},"cacheScope":"public",` +
	`"capabilities":{"logging":{},"prompts":{"listChanged":true},"resources":{"listChanged":true},"tools":{"listChanged":true}},` +
	`"instructions":"A fake 2026-07-28 server for tests.","resultType":"complete","supportedVersions":["2026-07-28"],"ttlMs":30000}`

func TestStatelessDiscover(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{})
	resp := post2026(t, srv, modern(1, "server/discover", ""))
	wantStatus(t, resp, http.StatusOK, "application/json")
	want(t, "discover", readBody(t, resp), `{"jsonrpc":"2.0","id":1,"result":`+discoverResult+`}`)
}

func TestStatelessAnswersAsSSE(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{Answer: AnswerSSE})
	resp := post2026(t, srv, modern(1, "server/discover", ""))
	wantStatus(t, resp, http.StatusOK, "text/event-stream")
	want(t, "discover", readBody(t, resp), "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":"+discoverResult+"}\n\n")
}

func TestStatelessResultFields(t *testing.T) {
	echo := `{"name":"echo","arguments":{"text":"hi"}}`
	tests := []struct {
		name   string
		opts   StatelessOptions
		method string
		params string
		want   string
	}{
		{"tool result", StatelessOptions{}, "tools/call", echo,
			`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"hi"}],"resultType":"complete"}}`},
		{"no resultType", StatelessOptions{OmitResultType: true}, "tools/call", echo,
			`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"hi"}]}}`},
		{"server info everywhere", StatelessOptions{MetaOnEveryResult: true}, "tools/call", echo,
			`{"jsonrpc":"2.0","id":1,"result":{"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"fake","version":"1.0"}},` +
				`"content":[{"type":"text","text":"hi"}],"resultType":"complete"}}`},
		{"list cache fields", StatelessOptions{TTLMs: 5, CacheScope: "private"}, "resources/list", "",
			`{"jsonrpc":"2.0","id":1,"result":{"cacheScope":"private","resources":[{"mimeType":"text/plain","name":"hello.txt","uri":"file:///hello.txt"}],` +
				`"resultType":"complete","ttlMs":5}}`},
		{"no cache fields", StatelessOptions{NoCacheFields: true}, "resources/read", `{"uri":"file:///hello.txt"}`,
			`{"jsonrpc":"2.0","id":1,"result":{"contents":[{"mimeType":"text/plain","text":"hello","uri":"file:///hello.txt"}],"resultType":"complete"}}`},
		{"prompt", StatelessOptions{}, "prompts/get", `{"name":"greet","arguments":{"name":"Ada"}}`,
			`{"jsonrpc":"2.0","id":1,"result":{"messages":[{"content":{"text":"Hello, Ada!","type":"text"},"role":"user"}],"resultType":"complete"}}`},
		{"unknown tool", StatelessOptions{}, "tools/call", `{"name":"nope","arguments":{}}`,
			`{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"unknown tool \"nope\""}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := NewStateless(t, tt.opts)
			resp := post2026(t, srv, modern(1, tt.method, tt.params))
			wantStatus(t, resp, http.StatusOK, "application/json")
			want(t, tt.method, readBody(t, resp), tt.want)
		})
	}
}

func TestStatelessToolsListCarriesCache(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{ToolPages: 2})
	got := readBody(t, post2026(t, srv, modern(1, "tools/list", "")))
	var m struct {
		Result struct {
			Tools      []Tool `json:"tools"`
			NextCursor string `json:"nextCursor"`
			ResultType string `json:"resultType"`
			TTLMs      int    `json:"ttlMs"`
			CacheScope string `json:"cacheScope"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(got), &m); err != nil {
		t.Fatal(err)
	}
	r := m.Result
	if len(r.Tools) != 4 || r.NextCursor != "page-1" || r.ResultType != "complete" || r.TTLMs != 30000 || r.CacheScope != "public" {
		t.Errorf("tools/list page 1 = %s, want 4 tools, nextCursor page-1, resultType, ttlMs 30000, cacheScope public", truncate(got))
	}
}

func TestStatelessProgressAndLog(t *testing.T) {
	steps := `{"name":"steps","arguments":{"n":1}}`
	progress := `{"jsonrpc":"2.0","method":"notifications/progress","params":{"message":"step 1","progress":1,"progressToken":7,"total":1}}`
	logged := `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"did 1 steps","level":"info","logger":"fake"}}`
	result := `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"done 1 steps"}],"resultType":"complete"}}`
	base := `"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"progressToken":7`
	tests := []struct {
		name, meta string
		events     []string
	}{
		{"progress and log", base + `,"io.modelcontextprotocol/logLevel":"info"`, []string{progress, logged, result}},
		{"no log below the level", base + `,"io.modelcontextprotocol/logLevel":"error"`, []string{progress, result}},
		{"no log level, no log", base, []string{progress, result}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := NewStateless(t, StatelessOptions{})
			st := events(t, post2026(t, srv, modernMeta(1, "tools/call", steps, tt.meta)))
			for _, w := range tt.events {
				want(t, "event", st.message(), w)
			}
			st.eof()
		})
	}
	srv := NewStateless(t, StatelessOptions{})
	resp := post2026(t, srv, modernMeta(1, "tools/call", steps, `"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}`))
	wantStatus(t, resp, http.StatusOK, "application/json")
	want(t, "no token, no level", readBody(t, resp), result)
}

func TestStatelessCancelByClosingTheStream(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	r := modernMeta(1, "tools/call", `{"name":"slow","arguments":{}}`,
		`"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"progressToken":"p"`)
	st := events(t, send(t, ctx, http.MethodPost, srv.Endpoint(), r.header, r.body))
	want(t, "started", st.message(), `{"jsonrpc":"2.0","method":"notifications/progress","params":{"message":"started","progress":0,"progressToken":"p","total":1}}`)
	cancel()
	rec, err := srv.WaitRequest(waitCtx(t), func(r Request) bool { return r.Is("tools/call") && r.Ended })
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Cancelled || rec.Answered != 0 {
		t.Errorf("slow call recorded Cancelled %v Answered %d, want cancelled and never answered", rec.Cancelled, rec.Answered)
	}
}

func TestStatelessErrors(t *testing.T) {
	type call struct {
		method string
		body   string
		header http.Header
	}
	post := func(r req) call { return call{"POST", r.body, r.header} }
	edit := func(r req, f func(http.Header)) call {
		h := r.header.Clone()
		f(h)
		return call{"POST", r.body, h}
	}
	noCaps := `"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}`
	tests := []struct {
		name   string
		opts   StatelessOptions
		call   call
		status int
		ctype  string
		body   string
	}{
		{"get", StatelessOptions{}, call{"GET", "", hdr("Accept", "text/event-stream")}, 405, textPlain, "Method Not Allowed\n"},
		{"delete", StatelessOptions{}, call{"DELETE", "", hdr()}, 405, textPlain, "Method Not Allowed\n"},
		{"content type", StatelessOptions{}, edit(modern(1, "tools/list", ""), func(h http.Header) { h.Del("Content-Type") }),
			415, textPlain, "Unsupported Media Type: Content-Type must be application/json\n"},
		{"batch", StatelessOptions{}, post(req{`[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]`, streamHeader("", "2026-07-28")}),
			400, "application/json", `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: batch requests are not supported"}}`},
		{"not json", StatelessOptions{}, post(req{`{"jsonrpc":`, streamHeader("", "2026-07-28")}),
			400, "application/json", `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error: the body is not JSON"}}`},
		{"initialize", StatelessOptions{}, post(req{initialize2025, streamHeader("", "")}), 400, "application/json",
			`{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version: this server speaks only stateless 2026-07-28",` +
				`"data":{"requested":"2025-11-25","supported":["2026-07-28"]}}}`},
		{"initialize 404", StatelessOptions{Initialize: Refuse404}, post(req{initialize2025, streamHeader("", "")}), 404, "application/json",
			`{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found: initialize"}}`},
		{"ping", StatelessOptions{}, post(modern(2, "ping", "")), 404, "application/json",
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Method not found: ping"}}`},
		{"setLevel", StatelessOptions{}, post(modern(2, "logging/setLevel", `{"level":"info"}`)), 404, "application/json",
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Method not found: logging/setLevel"}}`},
		{"no meta", StatelessOptions{}, post(req{`{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{}}`, streamHeader("", "2026-07-28")}), 400, "application/json",
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Invalid params: params._meta is missing; a 2026-07-28 request carries ` +
				`io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities"}}`},
		{"no capabilities", StatelessOptions{}, post(modernMeta(3, "tools/list", "", `"io.modelcontextprotocol/protocolVersion":"2026-07-28"`)), 400, "application/json",
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Invalid params: _meta io.modelcontextprotocol/clientCapabilities must be an object"}}`},
		{"bad log level", StatelessOptions{}, post(modernMeta(3, "tools/list", "", noCaps+`,"io.modelcontextprotocol/logLevel":"loud"`)), 400, "application/json",
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Invalid params: _meta io.modelcontextprotocol/logLevel must be one of debug, info, notice, warning, error, critical, alert, emergency"}}`},
		{"old version", StatelessOptions{}, edit(modernMeta(3, "tools/list", "", `"io.modelcontextprotocol/protocolVersion":"2025-11-25","io.modelcontextprotocol/clientCapabilities":{}`),
			func(h http.Header) { h.Set("MCP-Protocol-Version", "2025-11-25") }), 400, "application/json",
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32022,"message":"Unsupported protocol version \"2025-11-25\"","data":{"requested":"2025-11-25","supported":["2026-07-28"]}}}`},
		{"version header missing", StatelessOptions{}, edit(modern(4, "tools/list", ""), func(h http.Header) { h.Del("MCP-Protocol-Version") }), 400, "application/json",
			`{"jsonrpc":"2.0","id":4,"error":{"code":-32020,"message":"Header mismatch: missing required MCP-Protocol-Version header",` +
				`"data":{"mismatch":{"expected":"2026-07-28","header":"MCP-Protocol-Version","received":null}}}}`},
		{"method header differs", StatelessOptions{}, edit(modern(4, "tools/list", ""), func(h http.Header) { h.Set("Mcp-Method", "tools/call") }), 400, "application/json",
			`{"jsonrpc":"2.0","id":4,"error":{"code":-32020,"message":"Header mismatch: Mcp-Method header \"tools/call\" does not match the body's \"tools/list\"",` +
				`"data":{"mismatch":{"expected":"tools/list","header":"Mcp-Method","received":"tools/call"}}}}`},
		{"method header differs, go sdk shape", StatelessOptions{MismatchWithoutData: true},
			edit(modern(4, "tools/list", ""), func(h http.Header) { h.Set("Mcp-Method", "tools/call") }), 400, "application/json",
			`{"jsonrpc":"2.0","id":4,"error":{"code":-32020,"message":"Header mismatch: Mcp-Method header \"tools/call\" does not match the body's \"tools/list\""}}`},
		{"name header missing", StatelessOptions{}, edit(modern(4, "prompts/get", `{"name":"greet"}`), func(h http.Header) { h.Del("Mcp-Name") }), 400, "application/json",
			`{"jsonrpc":"2.0","id":4,"error":{"code":-32020,"message":"Header mismatch: missing required Mcp-Name header",` +
				`"data":{"mismatch":{"expected":"greet","header":"Mcp-Name","received":null}}}}`},
		{"param header differs", StatelessOptions{}, edit(modern(4, "tools/call", `{"name":"forecast","arguments":{"region":"north","days":3}}`),
			func(h http.Header) { h.Set("Mcp-Param-Region", "north"); h.Set("Mcp-Param-Days", "4") }), 400, "application/json",
			`{"jsonrpc":"2.0","id":4,"error":{"code":-32020,"message":"Header mismatch: Mcp-Param-Days header \"4\" does not match the body's \"3\"",` +
				`"data":{"mismatch":{"expected":"3","header":"Mcp-Param-Days","received":"4"}}}}`},
		{"missing capability", StatelessOptions{}, post(modernMeta(5, "tools/call", `{"name":"trip","arguments":{}}`,
			`"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"roots":{}}`)), 400, "application/json",
			`{"jsonrpc":"2.0","id":5,"error":{"code":-32021,"message":"Missing required client capabilities: elicitation, sampling",` +
				`"data":{"requiredCapabilities":{"elicitation":{"form":{}},"sampling":{}}}}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := NewStateless(t, tt.opts)
			resp := send(t, context.Background(), tt.call.method, srv.Endpoint(), tt.call.header, tt.call.body)
			wantStatus(t, resp, tt.status, tt.ctype)
			if tt.status == 405 {
				want(t, "Allow", resp.Header.Get("Allow"), "POST")
			}
			want(t, "body", readBody(t, resp), tt.body)
		})
	}
}

func TestStatelessAcceptAndNotifications(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{})
	r := modern(1, "tools/list", "")
	r.header.Set("Accept", "application/json")
	resp := post2026(t, srv, r)
	wantStatus(t, resp, http.StatusNotAcceptable, textPlain)

	resp = post2026(t, srv, req{`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`, streamHeader("", "2026-07-28")})
	if resp.StatusCode != http.StatusAccepted || readBody(t, resp) != "" {
		t.Errorf("notification = %d, want 202 with no body", resp.StatusCode)
	}
}
