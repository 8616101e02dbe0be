package ui

import (
	"strings"
	"testing"
)

// A proxy's keys and a replay's, pressed in a live session, did nothing
// and said nothing: o, which the help lists as "open your own session",
// looked broken. Each says whose key it is, whole at 80 columns; g, the
// top of a list here, says no such thing.
func TestLiveOtherSessionKeySaysWhose(t *testing.T) {
	l := liveDemoAt80(t)
	for key, said := range map[string]string{
		"o": "o (open your own session) is a key of mcpscope proxy: ? lists this one's keys",
		"]": "] (next client) is a key of mcpscope proxy",
		" ": "space (play/pause) is a key of mcpscope replay",
		".": ". (step one record) is a key of mcpscope replay: ? lists this one's keys",
	} {
		l.mark()
		l.tm.Type(key)
		l.waitText(said)
	}
	l.tm.Type("g")
	m := l.quit()
	if sl := m.status.msg; sl != nil && strings.Contains(sl.text, "is a key of") {
		t.Errorf("g, the top of the list in a live session, said %q", sl.text)
	}
}
