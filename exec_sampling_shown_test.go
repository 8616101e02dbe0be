package main

import (
	"strings"
	"testing"
)

// exec's word on a sampling request says all a person answering as a
// model needs (temperature, stop sequences, the context to include beside
// maxTokens and the model), each piece cut and sanitized on its own: an
// escape sequence in the system prompt ran on over the messages, and a
// role of 100 KB filled the line's cut, so the messages after it were lost.
func TestExecSamplingSaysWhatShapesTheReply(t *testing.T) {
	role := strings.Repeat("r", 100_000)
	params := `{"messages":[{"role":"` + role + `","content":{"type":"text","text":"hi"}},{"role":"user","content":{"type":"text","text":"and this?"}}],` +
		`"maxTokens":10,"temperature":0.7,"stopSequences":["\n\n","END"],"includeContext":"thisServer",` +
		`"modelPreferences":{"hints":[{"name":"claude"}]},"systemPrompt":"Be brief\u001b]0;"}`
	srv := samplingAsker(t, params)
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "tools/call anything")
	for _, want := range []string{
		`max tokens 10 · temperature 0.7 · stop at "\n\n", "END" · include context thisServer · model hints claude · system prompt “Be brief” · reply to rrrr`,
		"… (100000 bytes) (not user or assistant): hi / user: and this? — type the reply, or decline",
	} {
		if code != exitFailed || !strings.Contains(errOut, want) {
			t.Errorf("exit %d, want %d and %q in the hint\n%.2000s\n%.2000s", code, exitFailed, want, out, errOut)
		}
	}
}
