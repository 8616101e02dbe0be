package ui

import "testing"

// The message a key on the command line sends (Esc's cancel, Enter's
// submit, a roots line) reaches the root after the keys typed behind it:
// a ":" typed fast after Esc or Enter opens the line again, and the late
// message must not close it, or the next letters go to the panes as keys
// (the l of "templates" sent tools/list).
func TestCommandLineReopenedBeforeItsMessageArrives(t *testing.T) {
	for _, tc := range []struct{ line, key string }{
		{"ping", "esc"},
		{"ping", "enter"},
		{"roots", "enter"},
	} {
		m := newTestModel(t, 120, 35, newFakeBackend(), nil)
		press(m, ":")
		typeKeys(m, tc.line)
		// The key goes to the command line as the root routes it; the
		// message it returns is held back until ":" is handled.
		_, cmd := m.cmdline.Update(keyMsg(tc.key))
		press(m, ":")
		if !m.cmdline.Focused() {
			t.Fatalf("%s after %q: the command line did not open again", tc.key, tc.line)
		}
		for _, msg := range clRunCmd(cmd) {
			m.Update(msg)
		}
		if !m.cmdline.Focused() {
			t.Errorf("%s after %q: the late message closed the line opened since", tc.key, tc.line)
		}
	}
}
