package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request whose server asked a question meanwhile, and waits for its
// answer, times out on that question, not on a slow tool: the person who
// let the question sit is told the server was waiting on them, where
// "raise --timeout for slow tools" sent them after the wrong cause.
func TestTimeoutNamesTheQuestionLeftUnanswered(t *testing.T) {
	person := absentPerson{}
	handle := mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		_ = x.Event(elicitQ1("Deploy?"))
		<-x.Context().Done() // waits for the answer, as a server that asks does
	})
	// The timeout is the question's wait and bounds the call up to the
	// question too: at 1s a loaded machine under -race ran past it before
	// the question came, a plain timeout.
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: handle}, Config{Answerer: person, RequestTimeout: 3 * time.Second})
	_, err := s.CallTool(testCtx(t), "deploy", []byte(`{}`))
	if CauseOf(err) != CauseQuestionWaiting {
		t.Fatalf("cause %q (%v), want %q: the server waited on its own question", CauseOf(err), err, CauseQuestionWaiting)
	}
	if msg, want := err.Error(), `the server asked elicitation/create (its request "q-1"), which nobody had answered`; !strings.Contains(msg, want) {
		t.Errorf("the timeout says %q, want it to contain %q", msg, want)
	}
}

// absentPerson never answers: the question's wait runs out unanswered.
type absentPerson struct{}

func (absentPerson) Answer(ctx context.Context, _ InputRequest) (json.RawMessage, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}
