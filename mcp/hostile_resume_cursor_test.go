package mcp

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// firstProgress is a call's first stream: its progress 1, event e1.
func firstProgress(id string) []string { return []string{progressEvent(id, 1)} }

// answerEvent is the call's answer "done" as an event of no id.
func answerEvent(id string) string {
	return fmt.Sprintf("data: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}\n\n", id)
}

// openGETStream has f answer a GET without Last-Event-ID with events and
// hold the stream open; GETs resuming a stream are answered as before.
func openGETStream(f *rawStreamable, events ...string) {
	resume := f.get
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") != "" {
			resume(w, r)
			return
		}
		writeEvents(w, events...)
		<-r.Context().Done()
	}
}

// A store that replays every stream of the session (one SDK's) brings, on a
// resumed response stream, a log that came on the GET stream: its id is
// the GET stream's cursor, not the response stream's, and the next
// resumption goes on from the response stream's own last event, where it
// went on from the GET stream's.
func TestResumeNotFromALogReplayedFromTheGETStream(t *testing.T) {
	const getLog = "id: g1\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"on the GET stream\"}}\n\n"
	f := resumedCall(firstProgress, func(id string, i int) []string {
		if i == 1 {
			return []string{getLog}
		}
		return []string{answerEvent(id)}
	})
	openGETStream(f, getLog)
	s, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "the GET stream's log", func(r Record) bool {
		return r.Kind == KindReceived && strings.Contains(string(r.RPC.Raw), "on the GET stream")
	})
	resp, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	if err != nil || !strings.Contains(string(resp.Result), "done") {
		t.Fatalf("tools/call resumed twice = %v, %v; want its answer", resp, err)
	}
	if got := lastEventIDs(f); fmt.Sprint(got) != "[e1 e1]" {
		t.Errorf("resumed with Last-Event-IDs %q, want [e1 e1]: g1 is the GET stream's", got)
	}
}

// An empty id field resets the last event id (WHATWG HTML): a response
// stream whose last id field is empty named no event to go on from, and is
// not resumed from an id before it, even where an empty id came earlier.
func TestResponseStreamEndingAfterAnEmptyIDIsNotResumed(t *testing.T) {
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		writeEvents(w, "id:\ndata: \n\n", progressEvent(id, 1),
			fmt.Sprintf("id:\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":%s,\"progress\":2}}\n\n", id))
	}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusMethodNotAllowed)
	}
	s, _ := dialRaw(t, f, Config{})
	_, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	if err == nil || !strings.Contains(err.Error(), "an empty id field after its last event id reset it") {
		t.Fatalf("tools/call whose stream ended after an empty id = %v; want it lost, saying the id was reset", err)
	}
	if got := lastEventIDs(f); len(got) != 0 {
		t.Errorf("resumed with Last-Event-IDs %q after an empty id field; want none", got)
	}
}

// A server that numbers each stream's events from 1 again (one restarted
// mid-session, or one that counts per stream) sends a new request's
// stream an id that came first on another stream, with another event in
// it: it is that stream's own cursor, not a replay of the other's, and
// the stream is resumed from it. The second call's answer was said lost,
// its only ids "not this request's".
func TestResumeFromAnIDANewStreamReused(t *testing.T) {
	f := resumedCall(firstProgress, func(id string, _ int) []string { return []string{answerEvent(id)} })
	s, _ := dialRaw(t, f, Config{})
	for i := range 2 {
		resp, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
		if err != nil || !strings.Contains(string(resp.Result), "done") {
			t.Fatalf("tools/call %d, its stream's id e1 again = %v, %v; want its answer, resumed from e1", i+1, resp, err)
		}
	}
	if got := lastEventIDs(f); fmt.Sprint(got) != "[e1 e1]" {
		t.Errorf("resumed with Last-Event-IDs %q, want [e1 e1]", got)
	}
}
