package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A round asking a declined sampling and a question nobody answered reads
// the same whichever of the two the server's keys sort first: it read
// "declined" or "needs input" by the keys' order. The sampling is asked
// first (forms come last), so its decline is the round's story, and the
// form is never put to the user.
func TestInputRoundWordsDoNotDependOnKeyOrder(t *testing.T) {
	const want = "declined sampling/createMessage; tools/call was not sent again, since the 2026-07-28 revision has no answer that declines sampling"
	for _, tt := range []struct {
		name string
		ans  func() Answerer
	}{
		{"not given", func() Answerer { return &decliningSampling{} }},
		{"left unanswered", func() Answerer { return &decliningSampling{wait: true} }},
	} {
		for _, order := range [][2]string{{elicitationAsk, samplingAsk}, {samplingAsk, elicitationAsk}} {
			// The form is never asked, so nothing waits the timeout out: it
			// bounds the call alone, which took more than 1s under -race on
			// loaded cores.
			_, s, _ := dialStateless(t, askingTwo(order[0], order[1]), Config{NoListen: true, Answerer: tt.ans(), RequestTimeout: 10 * time.Second})
			_, err := s.CallTool(testCtx(t), "anything", []byte(`{}`))
			if err == nil || err.Error() != want || !errors.Is(err, ErrDeclined) {
				t.Errorf("%s, sampling under key %q: tools/call = %v, want %q", tt.name, map[bool]string{true: "a", false: "b"}[order[0] == samplingAsk], err, want)
			}
		}
	}
}

// A question left unanswered ends the round's asking as a decline does:
// the request is not sent again, so the form after it is not put to the
// user, and the round is recorded as left unanswered, not declined.
func TestInputRoundUnansweredAsksNothingMore(t *testing.T) {
	w := &decliningSampling{wait: true}
	// The timeout is the form's wait and bounds the call up to the form
	// too: at 1s a loaded machine under -race ran past it first.
	srv, s, rec := dialStateless(t, askingTwo(elicitationAsk, elicitationAsk), Config{NoListen: true, Answerer: w, RequestTimeout: 3 * time.Second})
	_, err := s.CallTool(testCtx(t), "anything", []byte(`{}`))
	if got := w.methods(); !slices.Equal(got, []string{"elicitation/create"}) {
		t.Errorf("the user was asked %q, want the elicitation left unanswered and nothing after it", got)
	}
	var ierr *InputRequiredError
	if !errors.As(err, &ierr) || !errors.Is(err, ErrUnanswered) || errors.Is(err, ErrDeclined) || errors.Is(err, ErrNoAnswer) || len(ierr.Missing) != 1 || ierr.Missing[0].Key != "a" {
		t.Fatalf("tools/call = %v, want the elicitation under a left unanswered, not unanswerable (ErrNoAnswer), as a re-run's recorded timeout reads", err)
	}
	e := rec.waitFor(t, "the round's error record", func(r Record) bool { return r.Kind == KindError && r.Error.Op == OpInput })
	if e.Error.Cause != CauseUnanswered || !strings.Contains(e.Error.Message, "left unanswered elicitation/create") {
		t.Errorf("recorded %s %q, want %s saying the elicitation was left unanswered", e.Error.Cause, e.Error.Message, CauseUnanswered)
	}
	calls := slices.DeleteFunc(srv.Requests(), func(r mcptest.Request) bool { return r.RPCMethod != "tools/call" })
	if len(calls) != 1 {
		t.Errorf("tools/call was sent %d times, want once: no round follows a question left unanswered", len(calls))
	}
}

// roundOf is an Answerer noting the requests it is asked, answering none.
type roundOf struct {
	mu  sync.Mutex
	got []InputRequest
}

func (a *roundOf) Answer(_ context.Context, req InputRequest) (json.RawMessage, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.got = append(a.got, req)
	return nil, ErrNoAnswer
}

// A 2026 round's question is put to the user as a round's even under the
// key "": the TUI read an empty key as a 2025 server request and said the
// server was told the question went unanswered, which no 2026 server is.
func TestInputRoundUnderEmptyKeyIsARounds(t *testing.T) {
	a := &roundOf{}
	_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","inputRequests":{"":` + elicitationAsk + `}}}`)
	})}, Config{NoListen: true, Answerer: a})
	if _, err := s.CallTool(testCtx(t), "anything", []byte(`{}`)); err == nil {
		t.Fatal("tools/call succeeded with its question unanswered")
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.got) != 1 || a.got[0].Key != "" || !a.got[0].Round {
		t.Errorf("the user was asked %+v, want the one question under key \"\", as a round's", a.got)
	}
}
