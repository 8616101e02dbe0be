package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// decliningSampling declines every sampling request and answers nothing
// else, as exec does with --answer 'sampling decline' and nothing more: at
// once, or, with wait, only once the session stops waiting, as a user who
// walks away from the TUI's prompt. It keeps the methods it was asked, in
// order.
type decliningSampling struct {
	wait  bool
	mu    sync.Mutex
	asked []string
}

func (d *decliningSampling) Answer(ctx context.Context, req InputRequest) (json.RawMessage, error) {
	d.mu.Lock()
	d.asked = append(d.asked, req.Method)
	d.mu.Unlock()
	switch {
	case req.Method == "sampling/createMessage":
		return nil, ErrDeclined
	case d.wait:
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return nil, ErrNoAnswer
}

func (d *decliningSampling) methods() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]string(nil), d.asked...)
}

// askingTwo is a stateless fake whose tools/call asks for the two input
// requests given, under keys "a" and "b".
func askingTwo(a, b string) mcptest.StatelessOptions {
	return mcptest.StatelessOptions{Handle: mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","inputRequests":{` +
			`"a":` + a + `,"b":` + b + `},"requestState":"s"}}`)
	})}
}

const (
	samplingAsk    = `{"method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":5}}`
	elicitationAsk = `{"method":"elicitation/create","params":{"mode":"form","message":"m","requestedSchema":{"type":"object"}}}`
)

// A 2026 round asking for a form and a sampling puts the sampling to the
// user first, as it costs one key to decline: declined, the round is not
// sent again and the form is never asked. The form was asked first, and a
// form the user had filled in was thrown away when they then declined the
// sampling.
func TestInputRoundAsksSamplingBeforeTheForm(t *testing.T) {
	d := &decliningSampling{}
	_, s, _ := dialStateless(t, askingTwo(elicitationAsk, samplingAsk), Config{NoListen: true, Answerer: d})
	_, err := s.CallTool(testCtx(t), "anything", []byte(`{}`))
	if got := d.methods(); len(got) != 1 || got[0] != "sampling/createMessage" {
		t.Errorf("the user was asked %q, want the sampling first and, declined, nothing after it", got)
	}
	if !errors.Is(err, ErrDeclined) || !strings.HasPrefix(err.Error(), "declined sampling/createMessage") {
		t.Errorf("tools/call = %v, want the user's decline of the sampling", err)
	}
}

// Once the user declines a sampling the call is over (the request is not
// sent again), so the round's later questions are not put to the user,
// whose answers would be thrown away; the call ends declined, naming only
// what was declined.
func TestInputRoundDeclineAsksNothingMore(t *testing.T) {
	d := &decliningSampling{}
	_, s, _ := dialStateless(t, askingTwo(samplingAsk, samplingAsk), Config{NoListen: true, Answerer: d})
	_, err := s.CallTool(testCtx(t), "anything", []byte(`{}`))
	if got := d.methods(); len(got) != 1 || got[0] != "sampling/createMessage" {
		t.Errorf("the user was asked %q, want the declined sampling and nothing after it", got)
	}
	var ierr *InputRequiredError
	if !errors.As(err, &ierr) || len(ierr.Missing) != 1 || !errors.Is(err, ErrDeclined) ||
		err.Error() != "declined sampling/createMessage; tools/call was not sent again, since the 2026-07-28 revision has no answer that declines sampling" {
		t.Errorf("tools/call = %v, want the user's decline of the one sampling asked alone", err)
	}
}

// A round of samplings the user declines is the user's decline, said as
// one.
func TestInputRoundAllDeclinedIsADecline(t *testing.T) {
	d := &decliningSampling{}
	_, s, _ := dialStateless(t, askingTwo(samplingAsk, samplingAsk), Config{NoListen: true, Answerer: d})
	_, err := s.CallTool(testCtx(t), "anything", []byte(`{}`))
	if !errors.Is(err, ErrDeclined) || !strings.HasPrefix(err.Error(), "declined") {
		t.Errorf("tools/call = %v, want the user's decline", err)
	}
}

// cancellingAnswerer answers every question and cancels the call as it
// does: ctrl+c pressed the moment the last answer was given.
type cancellingAnswerer struct{ cancel context.CancelFunc }

func (c cancellingAnswerer) Answer(ctx context.Context, req InputRequest) (json.RawMessage, error) {
	c.cancel()
	return json.RawMessage(`{"action":"accept","content":{}}`), nil
}

// A call cancelled as its last answer was given is not sent again with the
// answers: the round went out after the cancel, a request the user had
// stopped.
func TestInputRoundCancelledAsItIsAnsweredIsNotSentAgain(t *testing.T) {
	var calls sync.Mutex
	n := 0
	opts := mcptest.StatelessOptions{Handle: mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		calls.Lock()
		n++
		calls.Unlock()
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","inputRequests":{"a":` + elicitationAsk + `},"requestState":"s"}}`)
	})}
	ctx, cancel := context.WithCancel(testCtx(t))
	defer cancel()
	_, s, rec := dialStateless(t, opts, Config{NoListen: true, Answerer: cancellingAnswerer{cancel}})
	_, err := s.CallTool(ctx, "anything", []byte(`{}`))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("tools/call = %v, want it cancelled", err)
	}
	r := rec.waitFor(t, "the cancel's record", func(r Record) bool {
		return r.Kind == KindError && r.Error.Op == OpCancelled && strings.Contains(r.Error.Message, "was not sent again")
	})
	// The answer given is kept, as a round stopped while asking keeps
	// its answers, for a re-run to give again.
	if got := string(r.Error.Given["a"]); !strings.Contains(got, `"accept"`) {
		t.Errorf("the cancel's record keeps %q of the answer given, want it whole", got)
	}
	s.Close()
	calls.Lock()
	defer calls.Unlock()
	if n != 1 {
		t.Errorf("tools/call reached the server %d times, want once: the answers went out after the cancel", n)
	}
}
