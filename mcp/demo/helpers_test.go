package demo

import (
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// testTimeout bounds every wait in these tests, so a hang fails instead of
// stalling the run.
const testTimeout = 10 * time.Second

// startDemo serves NewHandler(opts) on 127.0.0.1 for the length of the test.
func startDemo(t *testing.T, opts Options) *httptest.Server {
	t.Helper()
	ts, _ := startHandler(t, opts)
	return ts
}

// startHandler is startDemo that also returns the handler, for the tests
// that look at what it runs in the background.
func startHandler(t *testing.T, opts Options) (*httptest.Server, *Handler) {
	t.Helper()
	h := NewHandler(opts)
	ts := httptest.NewServer(h)
	t.Cleanup(func() {
		ts.Close()
		h.Close()
	})
	return ts, h
}

// An era is one of the three MCP HTTP transports the demo serves, as the
// official SDK's client speaks it.
type era struct {
	name     string
	path     string
	version  string // the protocol version the client asks for
	sessions bool   // whether the era has sessions (and so server requests)
	// wire, when set, is where the client writes every message it sends
	// and reads, as the SDK's LoggingTransport does: the JSON on the wire.
	wire io.Writer
}

var (
	legacyEra     = era{name: "sse", path: SSEPath, version: "2024-11-05", sessions: true}
	streamableEra = era{name: "streamable", path: StreamablePath, version: "2025-11-25", sessions: true}
	statelessEra  = era{name: "stateless", path: StatelessPath, version: protocol2026}
	allEras       = []era{legacyEra, streamableEra, statelessEra}
)

func (e era) transport(url string) mcp.Transport {
	var t mcp.Transport = &mcp.StreamableClientTransport{Endpoint: url}
	if e.path == SSEPath {
		t = &mcp.SSEClientTransport{Endpoint: url}
	}
	if e.wire != nil {
		t = &mcp.LoggingTransport{Transport: t, Writer: e.wire}
	}
	return t
}

// connect opens an initialized (or, on 2026, discovered) SDK client session
// to the demo at baseURL in this era.
func (e era) connect(t *testing.T, baseURL string, copts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	return connectClient(t, mcp.NewClient(&mcp.Implementation{Name: "demo-test", Version: "v0"}, copts), baseURL, e)
}

func connectClient(t *testing.T, client *mcp.Client, baseURL string, e era) *mcp.ClientSession {
	t.Helper()
	// The SDK's clients tie their GET streams to Connect's context, so the
	// context must outlive Connect; the timer only bounds the handshake.
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	handshake := time.AfterFunc(testTimeout, cancel)
	defer handshake.Stop()
	url := baseURL + e.path
	cs, err := client.Connect(ctx, e.transport(url), &mcp.ClientSessionOptions{ProtocolVersion: e.version})
	if err != nil {
		t.Fatalf("connecting to %s (%s): %v", url, e.name, err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	if got := cs.InitializeResult().ProtocolVersion; got != e.version {
		t.Fatalf("%s: negotiated protocol %s, want %s", e.name, got, e.version)
	}
	return cs
}

// connect opens an initialized SDK client session to the demo's legacy SSE
// endpoint at baseURL.
func connect(t *testing.T, baseURL string, copts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	return legacyEra.connect(t, baseURL, copts)
}

// forEra runs f as a subtest for each era.
func forEra(t *testing.T, f func(t *testing.T, e era)) {
	for _, e := range allEras {
		t.Run(e.name, func(t *testing.T) { f(t, e) })
	}
}

// call calls a tool and fails the test on a protocol error; tool errors come
// back in the result.
func call(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := callErr(cs, name, args)
	if err != nil {
		t.Fatalf("CallTool(%s, %v): %v", name, args, err)
	}
	return res
}

func callErr(cs *mcp.ClientSession, name string, args map[string]any) (*mcp.CallToolResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	return cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
}

// text joins the text contents of a result.
func text(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	var parts []string
	for _, c := range res.Content {
		tc, ok := c.(*mcp.TextContent)
		if !ok {
			t.Fatalf("content %T, want *mcp.TextContent", c)
		}
		parts = append(parts, tc.Text)
	}
	return strings.Join(parts, "\n")
}

// toolNames lists the server's tools by name.
func toolNames(t *testing.T, cs *mcp.ClientSession) map[string]*mcp.Tool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("ListTools: %v", err)
	}
	tools := map[string]*mcp.Tool{}
	for _, tool := range res.Tools {
		tools[tool.Name] = tool
	}
	return tools
}

// receive waits for the next value on ch, failing the test after
// testTimeout.
func receive[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(testTimeout):
		t.Fatalf("no %s arrived in %v", what, testTimeout)
		var zero T
		return zero
	}
}

// ctxT is a context bounded by testTimeout.
func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	return ctx
}

// count is how many sessions the handler is serving.
func (l *liveSessions) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.live)
}

// waitFor polls cond until it holds, failing the test after testTimeout.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(testTimeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s after %v", what, testTimeout)
		}
		time.Sleep(2 * time.Millisecond)
	}
}
