package proxy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// killable is an HTTP client whose connections a test cuts all at once,
// as the kernel does when the client's process is killed: after kill it
// opens none, as a dead process sends nothing more.
type killable struct {
	mu     sync.Mutex
	conns  []net.Conn
	killed bool
}

func (k *killable) client() *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		k.mu.Lock()
		defer k.mu.Unlock()
		if k.killed {
			return nil, errors.New("the client was killed")
		}
		c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		if err == nil {
			k.conns = append(k.conns, c)
		}
		return c, err
	}
	return &http.Client{Transport: tr}
}

// kill closes every connection the client opened.
func (k *killable) kill() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.killed = true
	for _, c := range k.conns {
		_ = c.Close()
	}
}

// A client gone from the wire (every connection it used closed, nothing
// more sent) has left, whatever it spoke: a 2025 session with a server
// that keeps no session id, a 2026 stateless session, and a client killed
// mid-call, its GET stream and its call cut together, each read "still
// being recorded" until the proxy stopped, for nothing on the wire ends
// them. Each ends once nothing of it comes within the grace, saying why;
// a client that keeps its connection goes on in its session, and one that
// comes back with its session's id begins a recording that says which
// one this was.
func TestClientGoneFromTheWireEndsItsSession(t *testing.T) {
	const grace = 100 * time.Millisecond
	gw := demotest.Start(t, demo.Options{})
	for _, tc := range []struct {
		name, upstream, path, version string
		transport                     string
		midCall                       bool
	}{
		{"2025 session with no session id", statelessSDKEcho(t), "/mcp", "2025-11-25", mcp.TransportStreamable, false},
		{"2026 stateless session", gw.URL, demo.StatelessPath, "", mcp.TransportStateless, false},
		{"client killed mid-call", gw.URL, demo.StreamablePath, "", mcp.TransportStreamable, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, base, w := startProxy(t, tc.upstream, Config{})
			p.earlyWait = grace
			k := &killable{}
			cs, err := sdk.NewClient(&sdk.Implementation{Name: "doomed", Version: "1"}, nil).Connect(bounded(t),
				&sdk.StreamableClientTransport{Endpoint: base + tc.path, MaxRetries: -1, HTTPClient: k.client()},
				&sdk.ClientSessionOptions{ProtocolVersion: tc.version})
			if err != nil {
				t.Fatalf("connecting through the proxy: %v", err)
			}
			t.Cleanup(func() { _ = cs.Close() })
			if _, err := cs.ListTools(bounded(t), nil); err != nil {
				t.Fatalf("tools/list through the proxy: %v", err)
			}
			c := w.clientWith(t, "the client's session", func(r mcp.Record) bool {
				return r.RPC != nil && r.RPC.Method == "tools/list" && r.RPC.Class == mcp.ClassResponse
			})
			if c.Transport != tc.transport {
				t.Fatalf("the client's session is %s, want %s", c.Transport, tc.transport)
			}
			// A live client idle past the grace, its connection kept,
			// is no client gone: only waiting can show nothing ends it.
			time.Sleep(4 * grace)
			if _, err := cs.ListTools(bounded(t), nil); err != nil {
				t.Fatalf("tools/list after a pause: %v", err)
			}
			lists := func(r mcp.Record) bool {
				return r.RPC != nil && r.RPC.Method == "tools/list" && r.RPC.Class == mcp.ClassResponse
			}
			w.until(t, "the second tools/list in the same session", func() bool { return w.countLocked(c.ID, lists) == 2 })
			if w.count(c.ID, func(r mcp.Record) bool { return r.State != nil && r.State.State == mcp.StateClosed }) > 0 {
				t.Fatalf("the session of a client that kept its connection ended:\n%s", w.dump())
			}
			if tc.midCall {
				go func() {
					_, _ = cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "slow", Arguments: map[string]any{"seconds": 30}})
				}()
				w.record(t, c.ID, "the call relayed", func(r mcp.Record) bool { return r.RPC != nil && r.RPC.Method == "tools/call" })
			}
			k.kill()
			w.until(t, "the session to end", func() bool { return w.ended[c.ID] })
			recs := w.records(c.ID)
			last := recs[len(recs)-1]
			if last.State == nil || last.State.State != mcp.StateClosed || !strings.Contains(last.State.Detail, "it left") {
				t.Fatalf("the session ends with %s, want closed saying its client left", describe(last))
			}
			if !tc.midCall {
				return
			}
			sid := cs.ID()
			c2 := &crowd{t: t, base: base, w: w}
			if resp := c2.ping(sid); resp.StatusCode != http.StatusOK {
				t.Fatalf("ping after the client came back: %s", resp.Status)
			}
			w.clientWith(t, "the session of the client that came back", func(r mcp.Record) bool {
				return r.Detect != nil && strings.Contains(r.Detect.Reason, fmt.Sprintf("whose recording (client session %d) ended when the client closed", c.ID))
			})
		})
	}
}

// A client whose stream and call are cut while its last request, the
// DELETE it sends on its way out, is on the wire (cut too, before
// upstream answered it) has left all the same: that DELETE counted as
// the client coming back, and the session read "still being recorded"
// until the proxy stopped.
func TestClientCutWithItsDeleteOnTheWireEndsItsSession(t *testing.T) {
	held := make(chan string, 4)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch {
		case r.Method == http.MethodGet:
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
			<-r.Context().Done()
			return
		case r.Method == http.MethodDelete, strings.Contains(string(body), `"tools/call"`):
			held <- r.Method
			<-r.Context().Done()
			return
		}
		w.Header().Set("Mcp-Session-Id", "cut")
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`)
	}))
	t.Cleanup(up.Close)
	p, base, w := startProxy(t, up.URL, Config{})
	p.earlyWait = 100 * time.Millisecond
	k := &killable{}
	hc := k.client()
	send := func(ctx context.Context, method, body string) (*http.Response, error) {
		var rd io.Reader
		if body != "" {
			rd = strings.NewReader(body)
		}
		req, err := http.NewRequestWithContext(ctx, method, base+"/mcp", rd)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
		if body == "" || !strings.Contains(body, "initialize") {
			req.Header.Set("Mcp-Session-Id", "cut")
		}
		return hc.Do(req)
	}
	resp, err := send(bounded(t), http.MethodPost, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"cut","version":"1"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	readAll(t, resp.Body)
	c := w.clientOn(t, mcp.TransportStreamable)
	streamCtx, cutStream := contextWithCancel(t)
	stream, err := send(streamCtx, http.MethodGet, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stream.Body.Close() })
	awaitHeld := func(method string) {
		t.Helper()
		select {
		case m := <-held:
			if m != method {
				t.Fatalf("upstream holds a %s, want %s", m, method)
			}
		case <-time.After(testTimeout):
			t.Fatalf("the %s never reached upstream", method)
		}
	}
	go func() {
		_, _ = send(bounded(t), http.MethodPost, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow"}}`)
	}()
	awaitHeld(http.MethodPost)
	cutStream()
	w.record(t, c.ID, "the stream closed by the client", func(r mcp.Record) bool { return StreamClosed(r.State) && r.State.Detail == closedBy+"the client" })
	go func() { _, _ = send(bounded(t), http.MethodDelete, "") }()
	awaitHeld(http.MethodDelete)
	k.kill()
	w.until(t, "the session to end", func() bool { return w.ended[c.ID] })
	// The proxy notes the stream's close before it logs it, so the
	// DELETE, sent once the log says so, came after: the check for a
	// client gone from the wire ends the session, every run, where the
	// DELETE racing the note ended it one of two ways.
	recs := w.records(c.ID)
	if last := recs[len(recs)-1]; last.State == nil || last.State.State != mcp.StateClosed ||
		!strings.Contains(last.State.Detail, "the client closed every connection it used and sent DELETE for session cut, but hung up before upstream answered it") || !strings.Contains(last.State.Detail, ": it left") {
		t.Errorf("the session ends with %s, want closed saying its client closed every connection, sent DELETE, hung up and left", describe(last))
	}
}

// A client that opens a connection a request and lets each close (curl
// by hand, or Node's fetch idle past its 4 s) stays in its session
// across a pause while upstream named an id for it: the id is the
// session's, and only a DELETE or upstream forgetting it ends it, where
// each pause past the grace began a new recording.
func TestClientBetweenConnectionsKeepsItsSessionWithAnID(t *testing.T) {
	const grace = 100 * time.Millisecond
	gw := demotest.Start(t, demo.Options{})
	p, base, w := startProxy(t, gw.URL, Config{})
	p.earlyWait = grace
	closing := []string{"Accept", "application/json, text/event-stream", "Connection", "close"}
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}`, closing...)
	readAll(t, resp.Body)
	sid := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != http.StatusOK || sid == "" {
		t.Fatalf("initialize got %s with session %q, want 200 and a session", resp.Status, sid)
	}
	c := w.clientOn(t, mcp.TransportStreamable)
	withID := append(closing, "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25")
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, withID...).Body)
	// Only waiting can show that nothing ends it.
	time.Sleep(4 * grace)
	if resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, withID...); resp.StatusCode != http.StatusOK {
		t.Fatalf("tools/list after a pause: %s", resp.Status)
	} else {
		readAll(t, resp.Body)
	}
	w.record(t, c.ID, "the tools/list after the pause in the same session", func(r mcp.Record) bool {
		return r.RPC != nil && r.RPC.Method == "tools/list" && r.RPC.Class == mcp.ClassResponse
	})
	if w.count(c.ID, func(r mcp.Record) bool { return r.State != nil && r.State.State == mcp.StateClosed }) > 0 {
		t.Fatalf("the session ended between its client's connections:\n%s", w.dump())
	}
	if n := len(w.sessions()); n != 1 {
		t.Fatalf("%d sessions, want the client's one:\n%s", n, w.dump())
	}
}

// staleConn is a client's earlier connection from the address and port a
// later one came from: only its RemoteAddr is ever asked of it.
type staleConn struct {
	net.Conn
	addr net.Addr
}

func (s staleConn) RemoteAddr() net.Addr { return s.addr }

// A client that reopens from the port of a connection whose close the
// proxy is told of only after the new one's requests came keeps its
// session: that close, of a connection known by the client's address and
// port, took the new one off as well, and a session with no id ended,
// saying its client left, while the client held its connection.
func TestEarlierConnectionsCloseFromTheSamePortKeepsTheSession(t *testing.T) {
	const grace = 100 * time.Millisecond
	gw := demotest.Start(t, demo.Options{})
	p, base, w := startProxy(t, gw.URL, Config{})
	p.earlyWait = grace
	k := &killable{}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "reopened", Version: "1"}, nil).Connect(bounded(t),
		&sdk.StreamableClientTransport{Endpoint: base + demo.StatelessPath, MaxRetries: -1, HTTPClient: k.client()}, nil)
	if err != nil {
		t.Fatalf("connecting through the proxy: %v", err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("tools/list through the proxy: %v", err)
	}
	lists := func(r mcp.Record) bool {
		return r.RPC != nil && r.RPC.Method == "tools/list" && r.RPC.Class == mcp.ClassResponse
	}
	c := w.clientWith(t, "the client's session", lists)
	k.mu.Lock()
	for _, nc := range k.conns {
		p.connState(staleConn{addr: nc.LocalAddr()}, http.StateClosed)
	}
	k.mu.Unlock()
	// Only waiting can show that nothing ends it.
	time.Sleep(4 * grace)
	if _, err := cs.ListTools(bounded(t), nil); err != nil {
		t.Fatalf("tools/list after the earlier connection's close: %v", err)
	}
	w.until(t, "the second tools/list in the same session", func() bool { return w.countLocked(c.ID, lists) == 2 })
	if w.count(c.ID, func(r mcp.Record) bool { return r.State != nil && r.State.State == mcp.StateClosed }) > 0 {
		t.Fatalf("the session ended while its client held its connection:\n%s", w.dump())
	}
}
