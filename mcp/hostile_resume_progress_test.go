package mcp

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// A server polled through a long call whose every resumption brings the
// call's progress in a batch (a JSON array), and at last its answer in
// one, is moving the call on: it is resumed at its pace until the answer,
// where each batch counted as a message naming no request and the waits
// doubled past maxResume of them.
func TestResumeOfBatchesHoldingTheRequestsProgress(t *testing.T) {
	const polls = 3 * maxResume
	f := resumedCall(firstProgress, func(id string, i int) []string {
		i++
		msg := fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":%s,"progress":%d}}`, id, i)
		if i > polls {
			msg = fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"done"}]}}`, id)
		}
		return []string{fmt.Sprintf("id: e%d\nretry: 5\ndata: [%s]\n\n", i, msg)}
	})
	s, rec := dialRaw(t, f, Config{RequestTimeout: 15 * time.Second})
	resp, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	if err != nil || !strings.Contains(string(resp.Result), "done") {
		t.Fatalf("tools/call polled with batches = %v, %v; want its answer", resp, err)
	}
	if got := resumingGETs(f); got != polls {
		t.Errorf("%d resuming GETs, want %d", got, polls)
	}
	// Every record is in once the session is closed.
	s.Close()
	rec.waitEnd(t)
	for _, r := range rec.all() {
		if r.Kind != KindState || r.State.State != StateResuming {
			continue
		}
		d := r.State.WaitFor()
		if d == 0 || !strings.Contains(r.State.Detail, "resuming "+WaitWords(d)+", attempt") {
			t.Fatalf("a resuming state naming no wait: %s (wait %s)", r.State.Detail, d)
		}
		if d > quickBackoff {
			t.Errorf("%s: want each resumption after at most %s, as the server's retry and the pace of quick ends ask", r.State.Detail, quickBackoff)
		}
	}
}

// A server whose every resumption brings data that is no JSON-RPC message,
// each time with a new event id, is not moving the request on, nor saying
// it is still on it as a log would: mcpscope gives up after maxResume of
// them in a row, saying what they held, where it went on resuming, ever
// slower, until the request timed out.
func TestResumeThatBringsOnlyDataThatIsNoMessage(t *testing.T) {
	f := resumedCall(firstProgress, func(_ string, i int) []string {
		return []string{fmt.Sprintf("id: x%d\nretry: 5\ndata: still <b>busy</b>\n\n", i)}
	})
	s, _ := dialRaw(t, f, Config{RequestTimeout: 10 * time.Second})
	_, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	want := fmt.Sprintf("none for this request (%d whose data is no JSON-RPC message)", maxResume)
	if CauseOf(err) != CauseResumeFailed || !strings.Contains(err.Error(), want) {
		t.Fatalf("tools/call resumed with data that is no message = %v, want resume-failed saying %q", err, want)
	}
	if got := resumingGETs(f); got != maxResume {
		t.Errorf("%d resuming GETs, want %d", got, maxResume)
	}
}
