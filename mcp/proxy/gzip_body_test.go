package proxy

import (
	"bytes"
	"compress/gzip"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// gzipped is s compressed with gzip.
func gzipped(t *testing.T, s []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write(s); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// gzipUpstream is a server that takes gzip-encoded messages: it keeps the
// bytes and Content-Encoding of every POST as they reached it, and
// answers an initialize with a session.
type gzipUpstream struct {
	mu     sync.Mutex
	bodies [][]byte
	encs   []string
}

func (u *gzipUpstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	u.mu.Lock()
	u.bodies = append(u.bodies, body)
	u.encs = append(u.encs, r.Header.Get("Content-Encoding"))
	u.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Mcp-Session-Id", "gz-session")
	_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"gz","version":"1"}}}`)
}

// A client that gzips its messages (Content-Encoding: gzip) was recorded
// as sending "not JSON-RPC (143 bytes)": its initialize opened no named
// session and its answers paired with nothing. The bytes still go upstream
// as they came, but the proxy reads and records the message decoded.
func TestGzipBodyRecordedDecodedAndRelayedAsSent(t *testing.T) {
	up := &gzipUpstream{}
	srv := httptest.NewServer(up)
	t.Cleanup(srv.Close)
	_, base, w := startProxy(t, srv.URL+"/mcp", Config{})
	init := []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"gzipper","version":"3"}}}`)
	z := gzipped(t, init)
	resp := rawPost(t, base+"/mcp", string(z), "Content-Encoding", "gzip", "Accept", "application/json, text/event-stream")
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("a gzipped initialize got %s, want upstream's 200", resp.Status)
	}
	up.mu.Lock()
	got, enc := up.bodies[0], up.encs[0]
	up.mu.Unlock()
	if !bytes.Equal(got, z) || enc != "gzip" {
		t.Errorf("upstream got %d bytes with Content-Encoding %q, want the client's %d gzip bytes as sent", len(got), enc, len(z))
	}
	sent := w.record(t, 1, "the client's initialize, decoded", func(r mcp.Record) bool { return r.Kind == mcp.KindSent })
	if sent.RPC.Method != "initialize" || string(sent.RPC.Raw) != string(init) {
		t.Errorf("the client's message was recorded as %s %q, want the initialize decoded", sent.RPC.Class, truncate(string(sent.RPC.Raw)))
	}
	w.record(t, 1, "the answer paired with the initialize", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC.Class == mcp.ClassResponse && r.RPC.Method == "initialize"
	})
	if name, _ := w.sessions()[0].Info(); name != "gzipper" {
		t.Errorf("the session is named %q, want the clientInfo of the gzipped initialize", name)
	}
}

// A compressed body that would inflate past --max-event-size, or past the
// one bound on how far a compressed body may expand (a gzip bomb), is
// never inflated whole: it is relayed as sent, recorded compressed as it
// came, and a record says why it could not be read.
func TestGzipBombNotInflated(t *testing.T) {
	// Hex of a seeded random stream compresses about 2-fold: too large
	// for the limit, but no bomb.
	hex := make([]byte, 3<<19)
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range hex {
		hex[i] = "0123456789abcdef"[rnd.IntN(16)]
	}
	for _, tc := range []struct {
		name string
		pad  []byte
		want string
	}{
		{"a bomb", bytes.Repeat([]byte("a"), 64<<20), "refused as a compression bomb"},
		{"past the limit", hex, "more than --max-event-size"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			up := &gzipUpstream{}
			srv := httptest.NewServer(up)
			t.Cleanup(srv.Close)
			_, base, w := startProxy(t, srv.URL+"/mcp", Config{MaxEventSize: 1 << 20})
			body := gzipped(t, append([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"pad":"`), tc.pad...))
			if len(body) > 1<<20 {
				t.Fatalf("the body is %d bytes compressed, want it within the limit, so it is relayed", len(body))
			}
			rawPost(t, base+"/mcp", string(body), "Content-Encoding", "gzip", "Accept", "application/json, text/event-stream")
			up.mu.Lock()
			got := up.bodies[0]
			up.mu.Unlock()
			if !bytes.Equal(got, body) {
				t.Errorf("upstream got %d bytes, want the client's %d as sent", len(got), len(body))
			}
			sent := w.record(t, 1, "the client's message", func(r mcp.Record) bool { return r.Kind == mcp.KindSent })
			if len(sent.RPC.Raw) != len(body) {
				t.Errorf("the client's message was recorded as %d bytes, want the %d it sent, not inflated", len(sent.RPC.Raw), len(body))
			}
			e := w.record(t, 1, "a record saying why the body was not read", func(r mcp.Record) bool { return r.Kind == mcp.KindError })
			if !strings.Contains(e.Error.Message, tc.want) || !strings.Contains(e.Error.Message, "gzip") {
				t.Errorf("the record says %q, want %q: why the gzip body was not decoded", e.Error.Message, tc.want)
			}
		})
	}
}

// An error status whose JSON body answers a gzipped request (its id) is
// that request's answer, paired with it, as for a request sent plain.
func TestGzipRequestErrorAnswerPaired(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"no such tool"}}`)
	}))
	t.Cleanup(srv.Close)
	_, base, w := startProxy(t, srv.URL+"/mcp", Config{})
	z := gzipped(t, []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"nope"}}`))
	rawPost(t, base+"/mcp", string(z), "Content-Encoding", "gzip", "Accept", "application/json, text/event-stream")
	w.record(t, 1, "the error answer paired with the gzipped tools/call", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC.Class == mcp.ClassResponse && r.RPC.Method == "tools/call"
	})
}
