package mcp

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// pastBound is more events than a session remembers the ids of
// (maxStreamEventIDs, and maxSeenIDs of one stream): the last few of them
// came just after a bound that was reached, where a memory cleared whole
// or full for good knew nothing of them.
const pastBound = maxStreamEventIDs + 6

// lastEvents is the events from..to of event(i), in order.
func lastEvents(from, to int, event func(i int) string) []string {
	var events []string
	for i := from; i <= to; i++ {
		events = append(events, event(i))
	}
	return events
}

// A request's stream of more events than mcpscope remembers the ids of,
// replayed in part on every resumption: the replayed events are known as
// replays, no progress, and the resumptions are given up on. Past the
// bound every id counted as new, each replay as progress, and mcpscope
// resumed until the request timed out.
func TestReplayAfterManyEventsIsKnownAsAReplay(t *testing.T) {
	// A client that resumes on and on is stopped by the server, past
	// twice maxResume resumptions, not by a clock.
	ctx, cancel := context.WithCancel(testCtx(t))
	defer cancel()
	f := resumedCall(func(id string) []string {
		return lastEvents(1, pastBound, func(i int) string { return progressEvent(id, i) })
	}, func(id string, i int) []string {
		if i > 2*maxResume {
			cancel()
		}
		return lastEvents(pastBound-9, pastBound, func(i int) string { return progressEvent(id, i) })
	})
	s, _ := dialRaw(t, f, Config{})
	_, err := s.CallTool(ctx, "slow", []byte(`{}`))
	want := fmt.Sprintf("the server replayed events from before Last-Event-ID e%d (%d events whose ids had come already)", pastBound, 10*maxResume)
	if CauseOf(err) != CauseResumeFailed || !strings.Contains(err.Error(), want) {
		t.Fatalf("tools/call whose %d events are replayed in part = %v, want resume-failed saying %q", pastBound, err, want)
	}
	if resumes := resumingGETs(f); resumes != maxResume {
		t.Errorf("%d resuming GETs for a stream that only replays, want %d", resumes, maxResume)
	}
}

// A GET stream of more events than the session remembers the streams of,
// its last ones replayed on a request's resumed stream (a store replaying
// every stream of the session): they are the GET stream's cursors, and the
// request is resumed again from its own last event. Those just before the
// bound were forgotten when it was reached, and the request was resumed
// from one of them.
func TestReplayOfAnotherStreamAfterManyEventsIsNotACursor(t *testing.T) {
	f := resumedCall(firstProgress, func(id string, i int) []string {
		if i == 1 {
			return lastEvents(pastBound-9, pastBound, func(i int) string { return getLog(fmt.Sprintf(" g%d", i)) })
		}
		return []string{answerEvent(id)}
	})
	openGETStream(f, lastEvents(1, pastBound, func(i int) string { return getLog(fmt.Sprintf(" g%d", i)) })...)
	s, rec := dialRaw(t, f, Config{})
	last := fmt.Sprintf("g%d", pastBound)
	rec.waitFor(t, "the GET stream's last log", func(r Record) bool {
		return r.Kind == KindEvent && r.Event.ID == last
	})
	resp, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	if err != nil || !strings.Contains(string(resp.Result), "done") {
		t.Fatalf("tools/call resumed twice = %v, %v; want its answer", resp, err)
	}
	if got := lastEventIDs(f); fmt.Sprint(got) != "[e1 e1]" {
		t.Errorf("resumed with Last-Event-IDs %q, want [e1 e1]: the g ids are the GET stream's", got)
	}
}
