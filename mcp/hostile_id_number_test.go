package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer whose id is our integer id written with a fraction or an
// exponent (1.0, 1e0) is the same JSON number, and clients built on the
// TypeScript and Go SDKs take it as the answer: mcpscope used to fail the
// request, saying an answer came back with an id no request of ours has.
// It is read as the answer, and the message says how its id was written
// and that readers differ.
func TestAnswerWithOurIDWrittenAnotherWay(t *testing.T) {
	for _, suffix := range []string{".0", ".000", "e0", "0E-1"} {
		t.Run(suffix, func(t *testing.T) {
			srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
				x.Status(200, "application/json", `{"jsonrpc":"2.0","id":`+string(x.ID)+suffix+`,"result":{"tools":[]}}`)
			})
			s, _ := connect(t, Config{URL: srv.URL, NoGetStream: true})
			if _, _, err := s.ListTools(testCtx(t), false); err != nil {
				t.Fatalf("tools/list answered with its id written %q after the digits: %v", suffix, err)
			}
		})
	}
}

// sameInteger takes only an integer written another way, and no number
// whose digits would take long to write out.
func TestSameInteger(t *testing.T) {
	for id, want := range map[string]string{
		"1.0": "1", "1e0": "1", "10E-1": "1", "1.5e1": "15", "-2.00": "-2", "-0.0": "0", "-0": "0", "0": "", "-1": "",
		"0.5e1": "5", "12e2": "1200", "1": "", "01.0": "", "1.5": "", "\"1.0\"": "",
		"1e400": "", "1e-400": "", "1e99999999": "", ".5e1": "", "1.0x": "", "1e": "", "1.": "", "1e+1": "10",
	} {
		got, ok := sameInteger(id)
		if got != want || ok != (want != "") {
			t.Errorf("sameInteger(%s) = %q, %v; want %q", id, got, ok, want)
		}
	}
	if got := Ambiguities(Raw(`{"jsonrpc":"2.0","id":7.0,"result":{}}`)); len(got) != 1 || !strings.Contains(got[0], `"id" 7.0 is the integer 7 written another way`) {
		t.Errorf("Ambiguities of an answer with id 7.0 = %q, want it said how the id was written", got)
	}
	if got := Ambiguities(Raw(`{"jsonrpc":"2.0","id":7,"result":{}}`)); got != nil {
		t.Errorf("Ambiguities of a clean answer = %q", got)
	}
	// -0 pairs as 0, and every reader reads it so: no fraction to differ on.
	if got := Ambiguities(Raw(`{"jsonrpc":"2.0","id":-0,"result":{}}`)); got != nil {
		t.Errorf("Ambiguities of an answer with id -0 = %q, want none", got)
	}
}

// An integer id written another way is the same id whatever became of its
// request: a second answer to it is a duplicate, one after it was given up
// on is late, and a client's own id written with a fraction still pairs by
// its text.
func TestIntegerWrittenAnotherWayPairsThroughout(t *testing.T) {
	pr := newPairing()
	pr.add("1", &pending{seq: 1})
	pr.add("2", &pending{seq: 2})
	pr.add("3.0", &pending{seq: 3})
	if _, seq, class := pr.take("1.0"); class != ClassResponse || seq != 1 {
		t.Errorf("1.0 for a waiting 1: %s (seq %d), want the response to 1", class, seq)
	}
	if _, seq, class := pr.take("1e0"); class != ClassDuplicate || seq != 1 {
		t.Errorf("1e0 after 1 was answered: %s (seq %d), want a duplicate of 1", class, seq)
	}
	pr.abandon("2", pr.open["2"])
	if _, seq, class := pr.take("2.00"); class != ClassLate || seq != 2 {
		t.Errorf("2.00 after 2 was given up on: %s (seq %d), want late", class, seq)
	}
	if _, seq, class := pr.take("2"); class != ClassDuplicate || seq != 2 {
		t.Errorf("2 after 2.00 answered 2 late: %s (seq %d), want a duplicate of 2", class, seq)
	}
	if _, seq, class := pr.take("3.0"); class != ClassResponse || seq != 3 {
		t.Errorf("3.0 for a waiting 3.0: %s (seq %d), want the response", class, seq)
	}
}
