package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A question of the server's the user did not answer is named by its id as
// the server wrote it, as its row and box show it, whether the call's wait
// ran out with the question still open or after the question's own wait
// had: the first read the id compacted, the second as written, and an id
// written with blanks, quotes and an escaped control byte read as two
// questions.
func TestUnansweredQuestionNamedAlikeOpenOrLeft(t *testing.T) {
	const id = `[ "q\"1\u001b" , 2 ]`
	const want = `the server asked elicitation/create (its request ` + id + `), which nobody had answered`
	ask := `{"jsonrpc":"2.0","id":` + id + `,"method":"elicitation/create","params":{"message":"Deploy?","requestedSchema":{"type":"object","properties":{"ok":{"type":"boolean"}}}}}`
	for _, c := range []struct {
		name   string
		person Answerer
	}{
		{"still open", absentPerson{}},
		{"its own wait ran out", unansweringPerson{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			handle := mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
				_ = x.Event(ask)
				<-x.Context().Done()
			})
			// The timeout bounds the call up to the question too: at 1s a
			// loaded machine under -race ran past it before the question.
			_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: handle}, Config{Answerer: c.person, RequestTimeout: 3 * time.Second})
			_, err := s.CallTool(testCtx(t), "deploy", []byte(`{}`))
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("the timeout says %v, want it to contain %q", err, want)
			}
		})
	}
}

// unansweringPerson lets every question's wait run out at once.
type unansweringPerson struct{}

func (unansweringPerson) Answer(context.Context, InputRequest) (json.RawMessage, error) {
	return nil, ErrUnanswered
}
