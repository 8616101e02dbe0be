package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// wireScript is a server whose every answer comes from the fuzzer. The
// script is answers separated by "\n===\n"; each answer is a raw HTTP
// answer of sorts:
//
//	STATUS
//	Header: value          (any number, up to a blank line)
//	On: GET|DELETE|<rpc method>   which request it answers (once); none: any
//	Cut: 1                 the connection is dropped after the body
//	Hold: 1                the answer stays open until the client leaves
//
//	body, whose parts split by "\n~~\n" are written one each time the
//	server gets another POST (a stream answering requests sent later)
//
// A request no answer is left for gets 404.
type wireScript struct {
	mu      sync.Mutex
	answers []wireAnswer
	posts   chan struct{} // one per POST the server got
	quit    chan struct{} // closed when the test is over: nothing holds past it
	running sync.WaitGroup
}

type wireAnswer struct {
	status int
	header [][2]string
	on     string
	cut    bool
	hold   bool
	parts  [][]byte
	used   bool
}

func parseWireScript(script []byte) *wireScript {
	w := &wireScript{posts: make(chan struct{}, 64), quit: make(chan struct{})}
	for i, chunk := range bytes.Split(script, []byte("\n===\n")) {
		if i == 8 {
			break
		}
		head, body, _ := bytes.Cut(chunk, []byte("\n\n"))
		lines := strings.Split(string(head), "\n")
		a := wireAnswer{status: http.StatusOK}
		if n, err := strconv.Atoi(strings.TrimSpace(lines[0])); err == nil && n >= 200 && n <= 599 {
			a.status = n
		}
		for _, l := range lines[1:] {
			k, v, ok := strings.Cut(l, ":")
			if !ok {
				continue
			}
			v = strings.TrimSpace(v)
			switch strings.ToLower(k) {
			case "on":
				a.on = v
			case "cut":
				a.cut = v != ""
			case "hold":
				a.hold = v != ""
			default:
				a.header = append(a.header, [2]string{k, v})
			}
		}
		a.parts = bytes.Split(body, []byte("\n~~\n"))
		w.answers = append(w.answers, a)
	}
	return w
}

// take finds the answer for a request: the first unused one for it, else
// the first unused one for any request.
func (w *wireScript) take(key string) *wireAnswer {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, want := range []string{key, ""} {
		for i := range w.answers {
			if a := &w.answers[i]; !a.used && a.on == want {
				a.used = true
				return a
			}
		}
	}
	return nil
}

func (w *wireScript) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	w.running.Add(1)
	defer w.running.Done()
	key := r.Method
	if r.Method == http.MethodPost {
		body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		var msg struct {
			Method string `json:"method"`
		}
		_ = json.Unmarshal(body, &msg)
		key = msg.Method
		select {
		case w.posts <- struct{}{}:
		default:
		}
	}
	a := w.take(key)
	if a == nil {
		http.NotFound(rw, r)
		return
	}
	for _, h := range a.header {
		rw.Header().Add(h[0], h[1])
	}
	rw.WriteHeader(a.status)
	flusher, _ := rw.(http.Flusher)
	for i, part := range a.parts {
		if i > 0 {
			select {
			case <-w.posts:
			case <-r.Context().Done():
				return
			case <-w.quit:
				return
			}
		}
		if _, err := rw.Write(part); err != nil {
			return
		}
		if flusher != nil {
			flusher.Flush()
		}
	}
	if a.cut {
		panic(http.ErrAbortHandler)
	}
	if a.hold {
		select {
		case <-r.Context().Done():
		case <-w.quit:
		}
	}
}

// wireScriptKey holds, in a connection's context, the script of the input
// the connection was opened in.
type wireScriptKey struct{}

// wireEras are the transports a fuzzed session is told to use.
var wireEras = []string{TransportSSE, TransportStreamable, TransportStateless, TransportAuto}

// wireBound is how long any one call may take: its own timeout plus a
// margin for a machine busy with other fuzz workers, or a -race run of
// the seeds starved for seconds on a loaded CI machine.
const (
	wireCallTimeout = 150 * time.Millisecond
	wireBound       = 10 * time.Second
)

// A session against a server whose every byte the fuzzer chose, in each
// era, never panics; ends every call within its timeout with an answer
// recorded as paired with the request, or an error with words in it; records
// every byte it read of every answer; ends its record stream after Close
// with every reader gone; and says nothing the sanitizer lets through unsafe.
func FuzzSessionAgainstHostileServer(f *testing.F) {
	for _, s := range wireSeeds() {
		for era := range wireEras {
			f.Add(uint8(era), []byte(s))
		}
	}
	// One server for every input a worker runs, each input's script
	// swapped in: starting one per input cost more than the input did. A
	// connection serves the script of the input it was opened in (each
	// session dials its own), and the connections are closed after each
	// input: no request of one input takes another's answers or finds its
	// connections, so a crash reproduces from its input alone.
	var script atomic.Pointer[wireScript]
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		ws, _ := r.Context().Value(wireScriptKey{}).(*wireScript)
		if ws == nil {
			panic(http.ErrAbortHandler) // opened between inputs: no one's to answer
		}
		ws.ServeHTTP(rw, r)
	}))
	srv.Config.ConnContext = func(ctx context.Context, _ net.Conn) context.Context {
		return context.WithValue(ctx, wireScriptKey{}, script.Load())
	}
	srv.Start()
	f.Cleanup(srv.Close)
	f.Fuzz(func(t *testing.T, era uint8, answers []byte) {
		if len(answers) > 16<<10 {
			return
		}
		ws := parseWireScript(answers)
		script.Store(ws)
		defer srv.CloseClientConnections()
		defer script.Store(nil)
		defer close(ws.quit)
		s := NewSession(Config{
			URL:             srv.URL + "/mcp",
			Transport:       wireEras[int(era)%len(wireEras)],
			EndpointTimeout: wireCallTimeout,
			RequestTimeout:  wireCallTimeout,
			MaxEventSize:    64 << 10,
			FirstID:         1,
		})
		read := tapReads(s)
		rec := collect(s)
		var errs []string
		var answered []string
		call := func(what string, do func(ctx context.Context) error) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*wireCallTimeout)
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- do(ctx) }()
			select {
			case err := <-done:
				if err == nil {
					answered = append(answered, what)
				} else if strings.TrimSpace(sanitize.Line(err.Error())) == "" {
					t.Fatalf("%s failed with no words: %q", what, err.Error())
				} else {
					errs = append(errs, what+": "+err.Error())
				}
			case <-time.After(wireBound):
				t.Fatalf("%s did not end within %v", what, wireBound)
			}
		}
		call("Connect", s.Connect)
		if !s.Initialized() {
			// Connect initializes the eras that have it; a legacy session waits for this.
			call("initialize", func(ctx context.Context) error { _, err := s.Initialize(ctx); return err })
		}
		call("tools/list", func(ctx context.Context) error { _, _, err := s.ListTools(ctx, true); return err })
		call("tools/call", func(ctx context.Context) error {
			_, err := s.CallTool(ctx, "echo", json.RawMessage(`{"text":"hi"}`))
			return err
		})
		closed := make(chan struct{})
		go func() { s.Close(); close(closed) }()
		waitClosed(t, closed, "return from Close")
		waitClosed(t, rec.done, "end of the record stream after Close")
		// Close ends the session's connections: no answer the server still
		// writes (a held stream) has a reader left.
		served := make(chan struct{})
		go func() { ws.running.Wait(); close(served) }()
		waitClosed(t, served, "end, after Close, of every answer the server held open")
		for _, e := range errs {
			sanitizetest.Check(t, "error", sanitize.Line(e), false)
		}
		recs := rec.all()
		for _, method := range answered {
			if method == "tools/list" || method == "tools/call" || method == "initialize" {
				checkAnswerPaired(t, method, recs)
			}
		}
		checkEveryByteRecorded(t, read.bodies(), recs)
		for _, r := range recs {
			if r.Error != nil {
				sanitizetest.Check(t, "error record", sanitize.Line(r.Error.Message), false)
				sanitizetest.Check(t, "error hint", sanitize.Line(r.Error.Hint), false)
			}
			if r.State != nil {
				sanitizetest.Check(t, "state detail", sanitize.Line(r.State.Detail), false)
			}
		}
	})
}

// TestWireScriptServesInOrder pins the fuzzed server's script format, so
// the seeds mean what they say.
func TestWireScriptServesInOrder(t *testing.T) {
	ws := parseWireScript([]byte("202\nOn: GET\nContent-Type: text/event-stream\n\nevent: endpoint\ndata: /m\n\n\n===\n418\n\nteapot"))
	srv := httptest.NewServer(ws)
	defer srv.Close()
	defer close(ws.quit)
	resp, err := http.Post(srv.URL, "application/json", strings.NewReader(`{"method":"x"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 418 || string(body) != "teapot" {
		t.Errorf("POST got %d %q, want 418 \"teapot\"", resp.StatusCode, body)
	}
	resp, err = http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 202 || resp.Header.Get("Content-Type") != "text/event-stream" || !strings.Contains(string(body), "event: endpoint") {
		t.Errorf("GET got %d %q %q, want 202 and the endpoint event", resp.StatusCode, resp.Header, body)
	}
	if resp, err = http.Get(srv.URL); err != nil || resp.StatusCode != 404 {
		t.Errorf("a request past the script got %v %v, want 404", resp, err)
	}
	if resp != nil {
		resp.Body.Close()
	}
}

// wireSeeds are real answers of the three eras, and the hostile shapes the
// mcptest fakes make, in the script format.
func wireSeeds() []string {
	h := strings.ReplaceAll(mcptest.Hostile, `"`, `'`)
	initResult := `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{"listChanged":true}},"serverInfo":{"name":"demo","version":"1.0.0"}}}`
	tools := `{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"echo","description":"Echo","inputSchema":{"type":"object","properties":{"text":{"type":"string"}}}}]}}`
	called := `{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"hi"}]}}`
	sse := func(msgs ...string) string {
		var b strings.Builder
		for _, m := range msgs {
			b.WriteString("event: message\ndata: " + m + "\n\n")
		}
		return b.String()
	}
	json200 := func(on, body string) string {
		return "200\nOn: " + on + "\nContent-Type: application/json\n\n" + body
	}
	sse200 := func(on, body string) string {
		return "200\nOn: " + on + "\nContent-Type: text/event-stream\n\n" + body
	}
	join := func(answers ...string) string { return strings.Join(answers, "\n===\n") }
	return []string{
		// Legacy: the GET stream names the endpoint, then answers each POST.
		join("200\nOn: GET\nContent-Type: text/event-stream\nHold: 1\n\nevent: endpoint\ndata: /messages?sessionId=abc\n\n"+
			"\n~~\n"+sse(initResult)+"\n~~\n\n~~\n"+sse(tools)+"\n~~\n"+sse(called),
			"202\n\nAccepted", "202\n\nAccepted", "202\n\nAccepted", "202\n\nAccepted", "202\nOn: DELETE\n\n"),
		// Streamable: JSON answers, a session id, a GET stream refused.
		join("200\nOn: initialize\nContent-Type: application/json\nMcp-Session-Id: s-1\n\n"+initResult,
			"202\nOn: notifications/initialized\n\n", json200("tools/list", tools), sse200("tools/call", sse(called)),
			"405\nOn: GET\n\n", "200\nOn: DELETE\n\n"),
		// Stateless 2026: discover, then answers as SSE.
		join(json200("server/discover", `{"jsonrpc":"2.0","id":1,"result":{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"serverInfo":{"name":"demo","version":"1"}}}`),
			sse200("tools/list", sse(tools)), sse200("tools/call", sse(called))),
		// Hostile text everywhere a server controls one.
		join("200\nOn: initialize\nContent-Type: application/json\nMcp-Session-Id: "+h+"\n\n"+strings.ReplaceAll(initResult, "demo", h),
			"500\nContent-Type: text/plain\n\n"+h+string(mcptest.HostileBytes),
			sse200("tools/call", "event: "+h+"\nid: "+h+"\ndata: {\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-1,\"message\":\""+h+"\"}}\n\n")),
		// Cut mid-event, held open without an answer, a stream of only comments.
		join("200\nOn: initialize\nContent-Type: text/event-stream\nCut: 1\n\nevent: message\ndata: {\"jsonrpc\":\"2.0\",",
			"200\nContent-Type: text/event-stream\nHold: 1\n\n: ping\n\n: ping\n:pi",
			"200\nContent-Type: application/json\n\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}{}[]"),
		// Statuses with odd bodies: redirect to itself, 401 with a challenge, an empty 200.
		join("307\nLocation: /mcp\n\n", "401\nWWW-Authenticate: Bearer realm=\""+h+"\"\n\n", "200\n\n", "204\n\n"),
	}
}
