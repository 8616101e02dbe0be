package mcp

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// sdkServer serves the official Go SDK's streamable handler on 127.0.0.1
// with one tool, and counts the requests it saw by method.
func sdkServer(t *testing.T, opts *sdk.StreamableHTTPOptions) (string, *methodLog) {
	t.Helper()
	srv := sdk.NewServer(&sdk.Implementation{Name: "sdk-fake", Version: "1"}, nil)
	type in struct {
		Name string `json:"name"`
	}
	sdk.AddTool(srv, &sdk.Tool{Name: "hi", Description: "says hi"}, func(ctx context.Context, req *sdk.CallToolRequest, a in) (*sdk.CallToolResult, any, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "hi " + a.Name}}}, nil, nil
	})
	log := &methodLog{}
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, opts)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.add(r.Method, r.Header)
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts.URL, log
}

type methodLog struct {
	mu      sync.Mutex
	methods []string
	headers []http.Header
}

func (l *methodLog) add(m string, h http.Header) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.methods = append(l.methods, m)
	l.headers = append(l.headers, h.Clone())
}

func (l *methodLog) count(m string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, x := range l.methods {
		if x == m {
			n++
		}
	}
	return n
}

// Detection finds the SDK's streamable handler behind a bare base URL: the
// session is initialized by Connect, carries its id and the negotiated
// version on every later request, opens the GET stream, and ends with DELETE.
func TestStreamableAgainstTheGoSDK(t *testing.T) {
	for _, jsonAnswers := range []bool{false, true} {
		base, log := sdkServer(t, &sdk.StreamableHTTPOptions{JSONResponse: jsonAnswers})
		s := NewSession(Config{URL: base + "/mcp"})
		rec := collect(s)
		ctx := testCtx(t)
		if err := s.Connect(ctx); err != nil {
			t.Fatalf("json=%v: Connect: %v", jsonAnswers, err)
		}
		if s.Transport() != TransportStreamable || s.Protocol() == "" || s.InitializeResult() == nil {
			t.Fatalf("json=%v: transport %q protocol %q: want an initialized streamable session", jsonAnswers, s.Transport(), s.Protocol())
		}
		tools, _, err := s.ListTools(ctx, true)
		if err != nil || len(tools) != 1 {
			t.Fatalf("json=%v: tools/list = %v, %v", jsonAnswers, tools, err)
		}
		resp, err := s.CallTool(ctx, "hi", []byte(`{"name":"Ann"}`))
		if err != nil || !strings.Contains(string(resp.Result), "hi Ann") {
			t.Fatalf("json=%v: tools/call = %v, %v", jsonAnswers, resp, err)
		}
		rec.waitFor(t, "the GET stream open", func(r Record) bool {
			return r.Kind == KindState && r.State.State == StateGetStream && r.State.Detail == "open"
		})
		d := rec.waitFor(t, "detection", func(r Record) bool { return r.Kind == KindDetect })
		if d.Detect.Transport != TransportStreamable || len(d.Detect.Attempts) != 2 || !strings.Contains(d.Detect.Attempts[0].Verdict, "initialize era") {
			t.Errorf("json=%v: detection %+v, want server/discover to name the older versions, then initialize", jsonAnswers, d.Detect)
		}
		// The discover probe found an older server: nothing may say a 2026
		// session opened before initialize did.
		for _, r := range rec.of(KindState) {
			if r.State.State == StateInitialized && r.State.Transport != TransportStreamable {
				t.Errorf("json=%v: a %s session was said initialized (%s) on a server of the initialize era", jsonAnswers, r.State.Transport, r.State.Detail)
			}
		}
		stream := StreamResponse
		if jsonAnswers {
			stream = StreamJSON
		}
		answer := rec.waitFor(t, "the tools/call answer", func(r Record) bool {
			return r.Kind == KindReceived && r.RPC.Class == ClassResponse && r.RPC.Method == "tools/call"
		})
		if answer.RPC.Stream != stream {
			t.Errorf("json=%v: the answer came on %q, want %q", jsonAnswers, answer.RPC.Stream, stream)
		}
		s.Close()
		if log.count(http.MethodDelete) != 1 {
			t.Errorf("json=%v: %d DELETEs, want the session ended once", jsonAnswers, log.count(http.MethodDelete))
		}
		log.mu.Lock()
		// The discover probe and initialize carry no session; the rest do.
		for i, h := range log.headers[2:] {
			if log.methods[i+2] == http.MethodPost && (h.Get("Mcp-Session-Id") == "" || h.Get("Mcp-Protocol-Version") == "") {
				t.Errorf("json=%v: request %d lacks the session id or protocol version: %v", jsonAnswers, i+2, h)
			}
		}
		log.mu.Unlock()
	}
}
