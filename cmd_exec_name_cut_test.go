package main

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// cutName is a 180-byte name: longer than mcp.NameLimit, shorter than the
// 200 bytes these lines cut at by hand, so a line cutting it at a limit of
// its own shows it whole.
var cutName = "x/" + strings.Repeat("m", 178)

// cutNameShown is cutName as every line shows a name (mcp.NameShown).
var cutNameShown = cutName[:mcp.NameLimit] + "… (180 bytes)"

// Exec's lines about what the server asked and sent, and the proxy's line
// of a client's batch, name a method, an id or an inputRequests key cut as
// every line cuts a name: a 180-byte one was shown whole.
func TestExecAndBatchLinesCutALongNameAtNameLimit(t *testing.T) {
	reply := func(errJSON string) *mcp.RPCMessage {
		raw := `{"jsonrpc":"2.0","id":1,"result":{}}`
		if errJSON != "" {
			raw = `{"jsonrpc":"2.0","id":1,"error":` + errJSON + `}`
		}
		return &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassReply, Method: cutName, Raw: mcp.Raw(raw)}
	}
	refusal := `{"code":-32603,"message":"mcpscope could not answer ` + cutNameShown + `: no answer was given"}`
	var batch batchNotes
	note, _ := noteText(&mcp.RPCMessage{Class: mcp.ClassNotification, Method: cutName, Raw: mcp.Raw(`{"jsonrpc":"2.0","method":"` + cutName + `"}`)}, maxNoteText)
	lines := map[string]string{
		"another answer": (&notes{}).receivedLine(&mcp.RPCMessage{Class: mcp.ClassDuplicate, ID: cutName, Raw: mcp.Raw(`{"jsonrpc":"2.0","id":"` + cutName + `","result":{}}`)}, time.Time{}),
		"declined":       replyLine(reply(`{"code":-1,"message":"User rejected sampling request"}`)),
		"refused":        replyLine(reply(refusal)),
		"answered":       replyLine(reply("")),
		"sent again":     roundLine(&mcp.RPCMessage{Method: cutName, Raw: mcp.Raw(`{"jsonrpc":"2.0","id":2,"method":"` + cutName + `","params":{"inputResponses":{"k":{}}}}`)}),
		"its input":      roundLine(&mcp.RPCMessage{Method: "tools/call", Raw: mcp.Raw(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"inputResponses":{"` + cutName + `":{}}}}`)}),
		"a notification": note,
		"batch":          batch.batchLine(&mcp.RPCMessage{Raw: mcp.Raw(`[{"jsonrpc":"2.0","method":"` + cutName + `"}]`)}, 1, time.Now()),
	}
	for what, line := range lines {
		if !strings.Contains(line, cutNameShown) || strings.Contains(line, cutName) {
			t.Errorf("%s: the line does not say %q:\n%s", what, cutNameShown, line)
		}
	}
	// An older build quoted a method of up to 200 bytes whole in its
	// refusal: its recording reads as this build's does.
	older := replyLine(reply(`{"code":-32603,"message":"mcpscope could not answer ` + cutName + `: no answer was given"}`))
	for _, line := range []string{lines["refused"], older} {
		if want := "refused the server's " + cutNameShown + ": no answer was given"; line != want {
			t.Errorf("the refusal's line is %q, want %q", line, want)
		}
	}
}

// What exec says of an --answer reused across 2026 inputRequests keys,
// and of what went unanswered, names the key and the method cut as every
// line cuts a name (and offers no answer to copy naming the cut one).
func TestExecAnswerWordsCutALongKeyAtNameLimit(t *testing.T) {
	a := &execAnswers{}
	first := mcp.InputRequest{Method: "elicitation/create", Key: cutName, Params: []byte(`{"message":"a","requestedSchema":{"type":"object","properties":{}}}`)}
	again := mcp.InputRequest{Method: "elicitation/create", Key: "y/" + cutName[2:], Params: []byte(`{"mode":"url","message":"b","url":"https://example.com/","elicitationId":"e"}`)}
	if _, err := a.noteElicitation(first, "elicitation accept", nil); err != nil {
		t.Fatal(err)
	}
	reused, err := a.noteElicitation(again, "elicitation accept", nil)
	if err != nil {
		t.Fatal(err)
	}
	againShown := "y/" + cutNameShown[2:]
	if !strings.Contains(reused, "(it answered "+cutNameShown+")") || !strings.Contains(reused, "taken again for "+againShown) {
		t.Errorf("the reuse does not name %q and %q:\n%s", cutNameShown, againShown, reused)
	}
	a.unanswered = []mcp.InputRequest{{Method: cutName, Key: cutName}}
	got := a.missing()
	// The answer to copy is not offered with the key cut: cut, it names
	// nothing the server asked.
	if want := "the server asked for " + cutNameShown + " (" + cutNameShown + ")"; !strings.Contains(got, want) || strings.Contains(got, "--answer '"+cutNameShown) || strings.Contains(got, cutName) {
		t.Errorf("what went unanswered does not say %q, or offers the cut key to answer with:\n%s", want, got)
	}
}
