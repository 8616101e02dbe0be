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
// not sent before, is not given up on (a server polled through a long call
// may say so at every poll), but after maxResume of them in a row each
// resumption waits twice the one before: a few GETs until the request's
// timeout, where it was one every 50 ms. The logs are received and
// recorded.
func TestResumeThatBringsOnlyNotificationsNamingNoRequest(t *testing.T) {
	opts := mcptest.StreamableOptions{Handle: mcptest.LogsOnEveryResume("tools/call", 10*time.Millisecond), Store: mcptest.StoreStream}
	_, s, rec := dialStreamable(t, opts, Config{RequestTimeout: 2 * time.Second})
	_, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	if CauseOf(err) != CauseTimeout {
		t.Fatalf("tools/call resumed with only log notifications = %v, want it to time out still resuming", err)
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
	// At the server's 10 ms pace, 2 s would take about 35 resumptions;
	// slowed past the fifth, about ten.
	if resumes <= maxResume || resumes > 14 {
		t.Errorf("%d resuming GETs in 2 s, want more than %d (not given up on) and at most 14 (slowed)", resumes, maxResume)
	}
	if logs < resumes {
		t.Errorf("%d logs received for %d resumptions, want every one kept", logs, resumes)
	}
}

// A server polled through a long call that says it is still working at
// every poll and answers at the eighth is resumed until it answers.
func TestResumeOfAServerLoggingAtEveryPollGetsItsAnswer(t *testing.T) {
	opts := mcptest.StreamableOptions{Handle: mcptest.LogsOnEveryResumeThenAnswer("tools/call", 10*time.Millisecond, 8), Store: mcptest.StoreStream}
	_, s, _ := dialStreamable(t, opts, Config{RequestTimeout: 30 * time.Second})
	resp, err := s.CallTool(testCtx(t), "echo", []byte(`{"text":"done"}`))
	if err != nil || resp.Error != nil || !strings.Contains(string(resp.Result), "done") {
		t.Fatalf("tools/call of a server answering at its eighth poll = %v, %v; want its answer", resp, err)
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
