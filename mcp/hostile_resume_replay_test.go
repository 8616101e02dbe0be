package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// progressEvent is event id e<i>, a progress notification under token (a
// JSON text: mcpscope's tokens are its requests' ids).
func progressEvent(token string, i int) string {
	return fmt.Sprintf("id: e%d\nretry: 5\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":%s,\"progress\":%d}}\n\n", i, token, i)
}

// A 2025-11-25 server may end a request's stream on purpose after each
// event, with retry, and have the client poll with Last-Event-ID: a long
// tool is resumed as many times as it takes while each resumption brings
// a new event. One that only replays the same events is given up on after
// maxResume attempts in a row.
func TestResumeAServerThatEndsEveryStream(t *testing.T) {
	const polls = 3 * maxResume
	f := pollingServer(polls, nil)
	s, rec := dialRaw(t, f, Config{})
	resp, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	if err != nil || !strings.Contains(string(resp.Result), "done") {
		t.Fatalf("tools/call polled across %d ended streams = %v, %v; want its answer", polls, resp, err)
	}
	if got := len(f.requests(http.MethodGet)); got < polls {
		t.Errorf("%d GETs, want at least %d resumptions", got, polls)
	}
	// Records reach the collector after the call returns: the count is
	// taken once the record stream has ended, so none is still on its way.
	s.Close()
	rec.waitEnd(t)
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
	f = resumedCall(firstProgress, func(id string, _ int) []string { return firstProgress(id) })
	s, _ = dialRaw(t, f, Config{})
	_, err = s.CallTool(testCtx(t), "slow", []byte(`{}`))
	if CauseOf(err) != CauseResumeFailed || !strings.Contains(err.Error(), "no new event") ||
		!strings.Contains(err.Error(), "the server replayed events from before Last-Event-ID") {
		t.Fatalf("tools/call on a stream replayed forever = %v, want resume-failed saying the server replayed old events", err)
	}
	if resumes := resumingGETs(f); resumes != maxResume {
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
			select {
			case <-replied:
			case <-r.Context().Done():
				return // the session closed without replying: the test failed
			}
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
	rec.waitEnd(t)
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
	// The timeout is under maxRetry, so the held wait still outlasts it,
	// and long enough that "at once" keeps a wide margin from it on a
	// loaded machine under -race.
	const timeout = 15 * time.Second
	s, _ := dialRaw(t, f, Config{RequestTimeout: timeout})
	start := time.Now()
	_, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	if CauseOf(err) != CauseResumeFailed || !strings.Contains(err.Error(), "36000000 ms") || !strings.Contains(err.Error(), "timeout") {
		t.Fatalf("tools/call = %v (cause %s), want resume-failed naming the retry and the timeout", err, CauseOf(err))
	}
	if d := time.Since(start); d > timeout/3 {
		t.Errorf("it failed after %s, want at once, not near the %s timeout", d, timeout)
	}
	for _, r := range f.requests(http.MethodGet) {
		if r.Header.Get("Last-Event-ID") != "" {
			t.Errorf("a resuming GET went out")
		}
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
	waitClosed(t, ans.asked, "elicitation put to the user")
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
// closed soon after the answer. A loaded machine can stall the close past
// its bound: a run over it whose stream did close is tried again, up to
// three runs, as a stall seldom comes back and a stream left open is open
// in every run.
func TestResponseStreamKeptOpenAfterItsAnswerIsClosed(t *testing.T) {
	bound := answeredLinger + 3*time.Second
	for run := 1; ; run++ {
		took := answeredStreamOpen(t)
		if took <= bound {
			return
		}
		if run == 3 {
			t.Fatalf("the response stream was still open %s after its answer, want at most %s", took, bound)
		}
	}
}

// answeredStreamOpen is how long a response stream the server keeps open
// after its answer stays open once the answer came, up to the test's
// bound.
func answeredStreamOpen(t *testing.T) time.Duration {
	t.Helper()
	closed := make(chan struct{})
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		writeEvents(w, "data: {\"jsonrpc\":\"2.0\",\"id\":"+id+",\"result\":{\"content\":[]}}\n\n")
		<-r.Context().Done()
		close(closed)
	}
	s, _ := dialRaw(t, f, Config{})
	ctx := testCtx(t)
	if _, err := s.CallTool(ctx, "x", []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	answered := time.Now()
	select {
	case <-closed:
		return time.Since(answered)
	case <-ctx.Done():
		t.Fatalf("the response stream was still open %s after its answer", time.Since(answered))
		return 0
	}
}
