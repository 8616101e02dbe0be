package mcp

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that answers every resumption of a request's stream with only
// a log notification (a message naming no request), each with an event id
// not seen before, is not moving the request on: mcpscope gives up after
// maxResume resumptions in a row, saying what the streams brought, instead
// of resuming every 50 ms until the request times out. The logs are still
// received and recorded.
func TestResumeThatBringsOnlyNotificationsNamingNoRequest(t *testing.T) {
	opts := mcptest.StreamableOptions{Handle: mcptest.LogsOnEveryResume("tools/call", 10*time.Millisecond), Store: mcptest.StoreStream}
	// Without the bound, the request would end at this timeout.
	_, s, rec := dialStreamable(t, opts, Config{RequestTimeout: 30 * time.Second})
	_, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	want := "notifications naming no request"
	if CauseOf(err) != CauseResumeFailed || !strings.Contains(err.Error(), want) {
		t.Fatalf("tools/call resumed with only log notifications = %v, want resume-failed saying %q", err, want)
	}
	// Every record is in once the session is closed.
	s.Close()
	rec.waitEnd(t)
	resumes, logs := 0, 0
	for _, r := range rec.all() {
		switch {
		case r.Kind == KindHTTP && r.HTTP.Purpose == PurposeResume:
			resumes++
		case r.Kind == KindReceived && r.RPC.Method == "notifications/message" && strings.Contains(string(r.RPC.Raw), "still working"):
			logs++
		}
	}
	if resumes != maxResume || logs != maxResume+1 {
		t.Errorf("%d resuming GETs and %d logs received, want %d and %d", resumes, logs, maxResume, maxResume+1)
	}
}

// The Last-Event-ID a resumption sends is the id of the last event of the
// request's own stream that came for the first time: not that of an event
// replayed (an id seen already, going back) nor of another request's
// event, which would ask the server to go on from further back or from
// another stream (event ids are a cursor in one stream, 2025-11-25).
func TestResumeFromTheLastNewEventOfItsOwnStream(t *testing.T) {
	foreign := "id: o7\ndata: {\"jsonrpc\":\"2.0\",\"id\":99,\"result\":{}}\n\n"
	for _, tt := range []struct {
		name   string
		events func(id string) []string
	}{
		{"a replay of an earlier event last", func(id string) []string {
			return []string{progressEvent(id, 1), progressEvent(id, 2), progressEvent(id, 1)}
		}},
		{"another request's answer last", func(id string) []string {
			return []string{progressEvent(id, 1), progressEvent(id, 2), foreign}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var sent []string
			var callID string
			f := &rawStreamable{}
			f.call = func(w http.ResponseWriter, r *http.Request, id string) {
				f.mu.Lock()
				callID = id
				f.mu.Unlock()
				writeEvents(w, tt.events(id)...)
			}
			f.get = func(w http.ResponseWriter, r *http.Request) {
				last := r.Header.Get("Last-Event-ID")
				if last == "" {
					w.WriteHeader(http.StatusMethodNotAllowed)
					return
				}
				f.mu.Lock()
				sent = append(sent, last)
				id := callID
				f.mu.Unlock()
				writeEvents(w, fmt.Sprintf("data: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}\n\n", id))
			}
			s, _ := dialRaw(t, f, Config{})
			resp, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
			if err != nil || !strings.Contains(string(resp.Result), "done") {
				t.Fatalf("tools/call resumed = %v, %v; want its answer", resp, err)
			}
			f.mu.Lock()
			defer f.mu.Unlock()
			if len(sent) != 1 || sent[0] != "e2" {
				t.Errorf("resumed with Last-Event-ID %q, want [e2]", sent)
			}
		})
	}
}

// A response stream whose only events with ids answer other requests ends
// before this one's answer: it is not resumed from one of them, and the
// words say so, where they said no event had an id at all.
func TestResponseStreamOfOnlyOtherRequestsIDsSaysWhyNotResumed(t *testing.T) {
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		writeEvents(w, "id: o7\ndata: {\"jsonrpc\":\"2.0\",\"id\":99,\"result\":{}}\n\n",
			"id: o8\ndata: {\"jsonrpc\":\"2.0\",\"id\":98,\"result\":{}}\n\n")
	}
	var gets atomic.Int32
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") != "" {
			gets.Add(1)
		}
		w.WriteHeader(http.StatusMethodNotAllowed)
	}
	s, _ := dialRaw(t, f, Config{})
	_, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	if err == nil || !strings.Contains(err.Error(), "its only events with ids (2) were not this request's") {
		t.Fatalf("tools/call = %v; want it lost, saying its stream's ids were other requests'", err)
	}
	if n := gets.Load(); n != 0 {
		t.Errorf("resumed %d times from another request's event id; want none", n)
	}
}
