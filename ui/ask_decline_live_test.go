package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
)

// A sampling request the user declines (esc) is answered with the
// specification's error for it, code -1 "User rejected sampling request",
// and is no failure: it was answered -32603 "mcpscope could not answer
// …", its row marked ✗ failed and Negotiation saying it "went unanswered".
func TestLiveDeclinedSamplingIsRejectedAsTheSpecificationSays(t *testing.T) {
	l := liveSampling(t)
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.waitFor("⊘ declined")
	m := l.quit()
	asked := lastPair(m, func(p *history.Pair) bool {
		return p.Kind == history.KindServerRequest && p.Method == "sampling/createMessage"
	})
	if asked == nil || asked.Reply == nil {
		t.Fatalf("no sampling row with our reply: %+v", asked)
	}
	reply := string(asked.Reply.RPC.Raw)
	if !strings.Contains(reply, `"code":-1,`) || !strings.Contains(reply, "User rejected sampling request") {
		t.Errorf("the declined sampling request was answered %s, want error code -1, User rejected sampling request", reply)
	}
	if asked.State != history.StateDeclined || asked.Failure != nil {
		t.Errorf("the declined sampling row is %s (failure %+v), want declined with no failure", asked.State, asked.Failure)
	}
}

// Tab completes decline on a sampling request's answer line, as it
// completes accept, decline and cancel on a form's: "dec" and Tab did
// nothing.
func TestLiveTabCompletesSamplingDecline(t *testing.T) {
	l := liveSampling(t)
	l.mark()
	l.typeTab("dec")
	l.waitFor("answer › decline")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("⊘ declined")
	l.quit()
}

// Detail's advice for a call the server failed because the user declined
// its sampling question says so, and what to do: it gave the generic
// advice for the error's code, as if the server had failed, where exec
// said the question was declined.
func TestLiveDetailSaysTheCallFailedForTheDeclinedQuestion(t *testing.T) {
	l := liveSampling(t)
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.waitRowState("tools/call sample", "✗ rpc error")
	m := l.quit()
	call := lastPair(m, func(p *history.Pair) bool { return p.Method == "tools/call" && p.Tool == "sample" })
	if call == nil || call.State != history.StateRPCError {
		t.Fatalf("no failed tools/call sample row: %+v", call)
	}
	text := strings.Join(strings.Fields(ansi.Strip(pairDetail(m, call))), " ")
	for _, want := range []string{"its question (sampling/createMessage) was declined", "answer the question at the prompt instead of declining it"} {
		if !strings.Contains(text, want) {
			t.Errorf("Detail of the call failed for the declined question does not say %q:\n%s", want, text)
		}
	}
}
