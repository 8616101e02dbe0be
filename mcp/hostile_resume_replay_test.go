package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// rawStreamable is a stateful streamable server written by hand, for what
// the scripted fakes do not do: initialize answers JSON with session S1,
// notifications and replies get 202, other requests {} as JSON, and call,
// get and post (when set) take tools/call, GET and any POST first.
type rawStreamable struct {
	call func(w http.ResponseWriter, r *http.Request, id string)
	get  func(w http.ResponseWriter, r *http.Request)
	post func(w http.ResponseWriter, r *http.Request) bool

	mu       sync.Mutex
	reqs     []*http.Request // every request, its body read
	sessions int             // initializes answered: session S<n>
}

// start serves f on 127.0.0.1 and returns its endpoint.
func (f *rawStreamable) start(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.reqs = append(f.reqs, r)
		f.mu.Unlock()
		if r.Method == http.MethodGet {
			if f.get == nil {
				w.WriteHeader(http.StatusMethodNotAllowed)
				return
			}
			f.get(w, r)
			return
		}
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if f.post != nil && f.post(w, r) {
			return
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &m)
		switch {
		case m.Method == "initialize":
			f.mu.Lock()
			f.sessions++
			sid := fmt.Sprintf("S%d", f.sessions)
			f.mu.Unlock()
			w.Header().Set("Mcp-Session-Id", sid)
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"raw","version":"1"}}}`, m.ID)
		case m.ID == nil || m.Method == "":
			w.WriteHeader(http.StatusAccepted)
		case m.Method == "tools/call" && f.call != nil:
			f.call(w, r, string(m.ID))
		default:
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{}}`, m.ID)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/mcp"
}

// requests returns the requests of method m seen so far.
func (f *rawStreamable) requests(m string) []*http.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []*http.Request
	for _, r := range f.reqs {
		if r.Method == m {
			out = append(out, r)
		}
	}
	return out
}

// dialRaw connects a streamable session to f.
func dialRaw(t *testing.T, f *rawStreamable, cfg Config) (*Session, *recorded) {
	t.Helper()
	cfg.URL, cfg.Transport = f.start(t), TransportStreamable
	s := NewSession(cfg)
	rec := collect(s)
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	return s, rec
}

// writeEvents writes a stream's events and flushes them.
func writeEvents(w http.ResponseWriter, events ...string) {
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "text/event-stream")
	}
	for _, e := range events {
		_, _ = io.WriteString(w, e)
	}
	w.(http.Flusher).Flush()
}

// progressEvent is event id e<i>, a progress notification.
func progressEvent(i int) string {
	return fmt.Sprintf("id: e%d\nretry: 5\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":\"t\",\"progress\":%d}}\n\n", i, i)
}

// A 2025-11-25 server may end a request's stream on purpose after each
// event, with retry, and have the client poll with Last-Event-ID: a long
// tool is resumed as many times as it takes while each resumption brings
// a new event. One that only replays the same events is given up on after
// maxResume attempts in a row.
func TestResumeAServerThatEndsEveryStream(t *testing.T) {
	const polls = 3 * maxResume
	var callID atomic.Value
	var n atomic.Int32
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		callID.Store(id)
		writeEvents(w, "id: e0\ndata: \n\n", progressEvent(1))
	}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") == "" {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		if i := int(n.Add(1)) + 1; i <= polls {
			writeEvents(w, progressEvent(i))
			return
		}
		writeEvents(w, fmt.Sprintf("id: e%d\ndata: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}\n\n", polls+1, callID.Load()))
	}
	s, rec := dialRaw(t, f, Config{})
	resp, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	if err != nil || !strings.Contains(string(resp.Result), "done") {
		t.Fatalf("tools/call polled across %d ended streams = %v, %v; want its answer", polls, resp, err)
	}
	if got := len(f.requests(http.MethodGet)); got < polls {
		t.Errorf("%d GETs, want at least %d resumptions", got, polls)
	}
	progress := 0
	for _, r := range rec.all() {
		if r.Kind == KindReceived && r.RPC.Method == "notifications/progress" {
			progress++
		}
	}
	if progress != polls {
		t.Errorf("%d progress notifications recorded, want %d", progress, polls)
	}

	// The same events again and again: no progress.
	f = &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) { writeEvents(w, progressEvent(1)) }
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") == "" {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		writeEvents(w, progressEvent(1))
	}
	s, _ = dialRaw(t, f, Config{})
	_, err = s.CallTool(testCtx(t), "slow", []byte(`{}`))
	if CauseOf(err) != CauseResumeFailed || !strings.Contains(err.Error(), "no new event") {
		t.Fatalf("tools/call on a stream replayed forever = %v, want resume-failed saying nothing new came", err)
	}
	resumes := 0
	for _, r := range f.requests(http.MethodGet) {
		if r.Header.Get("Last-Event-ID") != "" {
			resumes++
		}
	}
	if resumes != maxResume {
		t.Errorf("%d resuming GETs for a stream that only replays, want %d", resumes, maxResume)
	}
}

// A store that replays the events of every stream of the session sends
// again, on the resumed stream, a server request (an elicitation) answered
// already and an answer delivered already. The user is not asked again and
// the server gets one reply; the request shows as received again, the
// answer as a duplicate (not foreign), and the resumed request gets its own.
func TestReplayedServerRequestIsNotAskedAgain(t *testing.T) {
	elicit := "id: a1\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"srv-1\",\"method\":\"elicitation/create\",\"params\":{\"message\":\"go on?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{}}}}\n\n"
	answer := func(ev, id string) string {
		return "id: " + ev + "\ndata: {\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"content\":[]}}\n\n"
	}
	var mu sync.Mutex
	var ids []string
	replied := make(chan struct{}, 1)
	f := &rawStreamable{}
	f.post = func(w http.ResponseWriter, r *http.Request) bool {
		b, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(strings.NewReader(string(b)))
		if strings.Contains(string(b), `"srv-1"`) {
			w.WriteHeader(http.StatusAccepted)
			select {
			case replied <- struct{}{}:
			default:
			}
			return true
		}
		return false
	}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		mu.Lock()
		ids = append(ids, id)
		first := len(ids) == 1
		mu.Unlock()
		if first {
			writeEvents(w, elicit)
			<-replied
			writeEvents(w, answer("a2", id))
			return
		}
		writeEvents(w, "id: a3\nretry: 5\ndata: \n\n")
	}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") == "" {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		mu.Lock()
		first, second := ids[0], ids[1]
		mu.Unlock()
		writeEvents(w, elicit, answer("a2", first), answer("a4", second))
	}
	ans := &countingAnswerer{}
	s, rec := dialRaw(t, f, Config{Answerer: ans})
	if _, err := s.CallTool(testCtx(t), "confirm", []byte(`{}`)); err != nil {
		t.Fatalf("the first tools/call: %v", err)
	}
	if _, err := s.CallTool(testCtx(t), "confirm", []byte(`{}`)); err != nil {
		t.Fatalf("the resumed tools/call: %v", err)
	}
	// Close waits for the questions put to the user and the replies; the
	// record stream ends after the last of them.
	s.Close()
	<-rec.done
	if n := ans.asked.Load(); n != 1 {
		t.Errorf("the user was asked %d times, want once: the replayed elicitation was asked again", n)
	}
	var asked, again, dup, foreign, replies int
	for _, r := range rec.all() {
		if r.RPC == nil {
			continue
		}
		switch {
		case r.RPC.Class == ClassServerRequest:
			asked++
		case r.RPC.Class == ClassDuplicate && r.RPC.Method == "elicitation/create":
			again++
		case r.RPC.Class == ClassDuplicate:
			dup++
		case r.RPC.Class == ClassForeign:
			foreign++
		case r.RPC.Class == ClassReply:
			replies++
		}
	}
	if asked != 1 || again != 1 || dup != 1 || foreign != 0 || replies != 1 {
		t.Errorf("records: %d server requests, %d received again, %d duplicate answers, %d foreign, %d replies; want 1, 1, 1, 0, 1", asked, again, dup, foreign, replies)
	}
}

// A GET stream that ends after events with ids is reopened with
// Last-Event-ID; a server without an event store refuses that with 400
// "stream replay unsupported", and the stream is reopened without it
// instead of being lost for the rest of the session.
func TestGetStreamReplayRefused(t *testing.T) {
	f := &rawStreamable{}
	var gets atomic.Int32
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") != "" {
			http.Error(w, "stream replay unsupported", http.StatusBadRequest)
			return
		}
		n := gets.Add(1)
		writeEvents(w, fmt.Sprintf("retry: 5\nid: g%d\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"stream %d\"}}\n\n", n, n))
		if n > 1 {
			<-r.Context().Done()
		}
	}
	_, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "a message on the reopened GET stream", func(r Record) bool {
		return r.Kind == KindReceived && strings.Contains(string(r.RPC.Raw), "stream 2")
	})
	for _, r := range rec.of(KindError) {
		t.Errorf("error record: %+v", r.Error)
	}
}

// A session that expires while a tools/call's stream is down (the server
// forgot it; the GET stream saw the 404 first) is not resumed with a GET
// that carries no session id; one whose resuming GET gets the 404 fails
// as expired too. Either way the cause says to start a new session.
func TestSessionExpiresWhileResuming(t *testing.T) {
	for _, getFirst := range []bool{true, false} {
		var gone atomic.Bool
		getSeen := make(chan struct{})
		f := &rawStreamable{}
		f.call = func(w http.ResponseWriter, r *http.Request, id string) {
			writeEvents(w, "id: c1\nretry: 300\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":"+id+",\"progress\":1,\"total\":3}}\n\n")
			gone.Store(true)
			if getFirst {
				close(getSeen)
			}
			panic(http.ErrAbortHandler)
		}
		f.get = func(w http.ResponseWriter, r *http.Request) {
			switch {
			case gone.Load():
				http.Error(w, "session not found", http.StatusNotFound)
			case !getFirst:
				w.WriteHeader(http.StatusMethodNotAllowed)
			default:
				// Open until the session is gone, then reopened at once.
				writeEvents(w, "retry: 1\n\n")
				select {
				case <-getSeen:
				case <-r.Context().Done():
				}
			}
		}
		s, rec := dialRaw(t, f, Config{})
		if getFirst {
			rec.waitFor(t, "the GET stream open", func(r Record) bool { return r.Kind == KindHTTP && r.HTTP.Purpose == PurposeGet })
		}
		_, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
		if CauseOf(err) != CauseSessionExpired {
			t.Errorf("getFirst=%v: tools/call = %v (cause %s), want session-expired", getFirst, err, CauseOf(err))
		}
		for _, r := range f.requests(http.MethodGet) {
			if r.Header.Get("Mcp-Session-Id") == "" {
				t.Errorf("getFirst=%v: a GET went out without a session id (Last-Event-ID %q)", getFirst, r.Header.Get("Last-Event-ID"))
			}
		}
	}
}

// A stream that drops with "retry: 36000000" (ten hours; waits are held to
// maxRetry) asks for a wait longer than the request has left: the request
// fails at once saying so, instead of timing out later as if no answer had
// come while mcpscope was only waiting as asked.
func TestResumeWaitLongerThanTheTimeout(t *testing.T) {
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		writeEvents(w, "id: z1\nretry: 36000000\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"before\"}}\n\n")
	}
	s, _ := dialRaw(t, f, Config{RequestTimeout: 3 * time.Second})
	start := time.Now()
	_, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	if CauseOf(err) != CauseResumeFailed || !strings.Contains(err.Error(), "36000000 ms") || !strings.Contains(err.Error(), "timeout") {
		t.Fatalf("tools/call = %v (cause %s), want resume-failed naming the retry and the timeout", err, CauseOf(err))
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("it failed after %s, want at once", d)
	}
	for _, r := range f.requests(http.MethodGet) {
		if r.Header.Get("Last-Event-ID") != "" {
			t.Errorf("a resuming GET went out")
		}
	}
}

// A GET stream waiting to be reopened when the session expires is not
// reopened, and its last state says it closed with the session instead of
// still "reopening in 30s".
func TestGetStreamClosesWithAnExpiredSession(t *testing.T) {
	var gone atomic.Bool
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		writeEvents(w, "retry: 60000\n\n")
	}
	f.post = func(w http.ResponseWriter, r *http.Request) bool {
		if gone.Load() {
			http.Error(w, "session not found", http.StatusNotFound)
			return true
		}
		return false
	}
	s, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "the GET stream waiting to reopen", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "reopening in 30s")
	})
	gone.Store(true)
	if _, err := s.Request(testCtx(t), "ping", nil); CauseOf(err) != CauseSessionExpired {
		t.Fatalf("ping = %v, want session-expired", err)
	}
	rec.waitFor(t, "the GET stream closed with the session", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "expired")
	})
	if n := len(f.requests(http.MethodGet)); n != 1 {
		t.Errorf("%d GETs, want 1: the stream of an expired session was reopened", n)
	}
}

// The TypeScript SDK's answer to an unknown session (400, JSON-RPC -32000
// with no id) to a resuming GET means the session expired, as it does to a
// POST: the request fails saying so, not as a refused resumption.
func TestResumeRefusedWithTheSessionGone400(t *testing.T) {
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		writeEvents(w, "id: c1\nretry: 5\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"before\"}}\n\n")
	}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") == "" {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: No valid session ID provided"}}`)
	}
	s, rec := dialRaw(t, f, Config{})
	_, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	if CauseOf(err) != CauseSessionExpired {
		t.Fatalf("tools/call = %v (cause %s), want session-expired", err, CauseOf(err))
	}
	rec.waitFor(t, "the expired state", func(r Record) bool { return r.Kind == KindState && r.State.State == StateExpired })
}

// A GET stream whose server sends nothing, not even its status line, until
// it has a message is shown as requested and waiting, not as no GET at all.
func TestGetStreamThatSendsNothingIsShown(t *testing.T) {
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }
	_, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "the GET shown as requested", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "no answer yet")
	})
}

// heldAnswerer says when it is asked, and accepts once release is closed.
type heldAnswerer struct {
	asked   chan struct{}
	release chan struct{}
}

func (b *heldAnswerer) Answer(ctx context.Context, _ InputRequest) (json.RawMessage, error) {
	close(b.asked)
	select {
	case <-b.release:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return json.RawMessage(`{"action":"accept","content":{}}`), nil
}

// A question the server asked in one session and the user answers after
// starting a new one (i) is not POSTed with the new session's id, where it
// answers nothing (or a question of the new session with the same id): it
// is not sent, and the error says why.
func TestReplyToAnEndedSessionIsNotSentToTheNewOne(t *testing.T) {
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		writeEvents(w, "data: {\"jsonrpc\":\"2.0\",\"id\":\"srv-1\",\"method\":\"elicitation/create\",\"params\":{\"message\":\"go on?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{}}}}\n\n")
		<-r.Context().Done()
	}
	ans := &heldAnswerer{asked: make(chan struct{}), release: make(chan struct{})}
	s, rec := dialRaw(t, f, Config{Answerer: ans, RequestTimeout: 2 * time.Second})
	go func() { _, _ = s.CallTool(testCtx(t), "confirm", []byte(`{}`)) }()
	<-ans.asked
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatalf("initialize again: %v", err)
	}
	close(ans.release)
	var reply int64
	got := rec.waitFor(t, "the reply POSTed or refused", func(r Record) bool {
		if r.Kind == KindSent && r.RPC.Class == ClassReply {
			reply = r.Seq
		}
		return reply != 0 && (r.Kind == KindHTTP && r.HTTP.ReqSeq == reply || r.Kind == KindError && r.Error.ReqSeq == reply)
	})
	if got.Kind == KindHTTP {
		t.Fatalf("the answer to session S1's question was POSTed with session %q", http.Header(got.HTTP.RequestHeaders).Get("Mcp-Session-Id"))
	}
	if !strings.Contains(got.Error.Message, "not sent") {
		t.Errorf("the reply's error says %q, want it not sent and why", got.Error.Message)
	}
}

// A server that keeps each response stream open after its answer does not
// get a connection held for every request of the session: the stream is
// closed soon after the answer.
func TestResponseStreamKeptOpenAfterItsAnswerIsClosed(t *testing.T) {
	closed := make(chan struct{})
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		writeEvents(w, "data: {\"jsonrpc\":\"2.0\",\"id\":"+id+",\"result\":{\"content\":[]}}\n\n")
		<-r.Context().Done()
		close(closed)
	}
	s, _ := dialRaw(t, f, Config{})
	if _, err := s.CallTool(testCtx(t), "x", []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-closed:
	case <-time.After(answeredLinger + 3*time.Second):
		t.Fatalf("the response stream was still open %s after its answer", answeredLinger+3*time.Second)
	}
}

// A GET stream that broke is reopened; a server that has not yet seen the
// old one end answers 409 (one stream per session) for a moment. That is
// tried again, not taken as the end of the GET stream for the session.
func TestGetStreamReopenedPastA409(t *testing.T) {
	var gets atomic.Int32
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		switch gets.Add(1) {
		case 1:
			writeEvents(w, "retry: 5\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"first\"}}\n\n")
			panic(http.ErrAbortHandler)
		case 2:
			http.Error(w, "Conflict: Only one SSE stream is allowed per session", http.StatusConflict)
		default:
			writeEvents(w, "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"second\"}}\n\n")
			<-r.Context().Done()
		}
	}
	_, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "a message on the GET stream reopened past the 409", func(r Record) bool {
		return r.Kind == KindReceived && strings.Contains(string(r.RPC.Raw), "second")
	})
}

// A 2025-11-25 server may poll the GET stream: each GET gets a priming
// event (a new id, no data) and its retry, and ends. That is not a stream
// that ends as soon as it opens with nothing said: it is reopened for as
// long as the server goes on, and what it sends later arrives. The same id
// every time is nothing new.
func TestGetStreamPolledWithPrimingEvents(t *testing.T) {
	const polls = 3 * maxResume
	var gets atomic.Int32
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		n := gets.Add(1)
		if n < polls {
			writeEvents(w, fmt.Sprintf("id: p%d\nretry: 1\ndata: \n\n", n))
			return
		}
		writeEvents(w, "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"polled\"}}\n\n")
		<-r.Context().Done()
	}
	_, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "the message after the polls", func(r Record) bool {
		return r.Kind == KindReceived && strings.Contains(string(r.RPC.Raw), "polled")
	})

	f = &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) { writeEvents(w, "id: same\nretry: 1\ndata: \n\n") }
	_, rec = dialRaw(t, f, Config{})
	rec.waitFor(t, "the GET stream given up", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "stopped reopening")
	})
}

// A GET stream that lasts and then is cut (a proxy closing idle streams
// every minute) is reopened after the same short wait every time: the
// wait doubles only for streams that end soon after they open.
func TestGetStreamThatLastedIsReopenedSoon(t *testing.T) {
	var mu sync.Mutex
	clock := time.Now()
	now := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		clock = clock.Add(longStream) // every stream lasts long enough
		return clock
	}
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) { writeEvents(w, ": ok\n\n") }
	_, rec := dialRaw(t, f, Config{Now: now})
	reopens := func() []string {
		var waits []string
		for _, r := range rec.all() {
			if r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "reopening in") {
				waits = append(waits, r.State.Detail[strings.LastIndex(r.State.Detail, " ")+1:])
			}
		}
		return waits
	}
	rec.waitFor(t, "the GET stream reopened twice", func(Record) bool { return len(reopens()) >= 2 })
	waits := reopens()
	if waits[0] != defaultRetry.String() || waits[1] != defaultRetry.String() {
		t.Errorf("reopened after %v, want %s each time", waits, defaultRetry)
	}
}

// A GET stream reopened with Last-Event-ID on a store that replays from
// the start sends again a ping answered already: it is shown as received
// again and not answered a second time.
func TestGetStreamReplayIsNotAnsweredAgain(t *testing.T) {
	ping := "id: g1\nretry: 5\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"sp\",\"method\":\"ping\"}\n\n"
	var replies atomic.Int32
	f := &rawStreamable{}
	f.post = func(w http.ResponseWriter, r *http.Request) bool {
		b, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(strings.NewReader(string(b)))
		if strings.Contains(string(b), `"sp"`) {
			replies.Add(1)
		}
		return false
	}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") == "" {
			writeEvents(w, ping)
			return
		}
		writeEvents(w, ping, "id: g2\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"live\"}}\n\n")
		<-r.Context().Done()
	}
	s, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "the live message after the replay", func(r Record) bool {
		return r.Kind == KindReceived && strings.Contains(string(r.RPC.Raw), "live")
	})
	s.Close()
	<-rec.done
	var again int
	for _, r := range rec.all() {
		if r.Kind == KindReceived && r.RPC.Method == "ping" && r.RPC.Class == ClassDuplicate {
			again++
		}
	}
	if n := replies.Load(); n != 1 || again != 1 {
		t.Errorf("%d replies to the ping and %d records of it received again, want 1 and 1", n, again)
	}
}
