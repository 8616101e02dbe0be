package command

import "testing"

func TestSuggestMethodNames(t *testing.T) {
	tests := []struct{ word, want string }{
		{"tool/list", "tools/list"},
		{"tools/cal", "tools/call"},
		{"prompt/get", "prompts/get"},
		{"resource/read", "resources/read"},
		{"initalize", "initialize"},
		{"loglevl", "loglevel"},
		{"task/list", "tasks/list"},
		{"tasks/resutl", "tasks/result"},
		{"tasks/cancel", ""},
		{"pnig", "ping"}, // two letters swapped are one slip
		{"lsit", "list"},
		{"pnog", ""}, // two edits in a short word
		{"tools/list", ""},
		{"call", ""},
		{"my/method", ""},
		{"x", ""},
	}
	for _, tc := range tests {
		if got := MeantMethod(tc.word); got != tc.want {
			t.Errorf("MeantMethod(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}

// A word no edit or two away that begins one candidate alone is that
// candidate typed short; one that begins several, or one rune, says too
// little to name any.
func TestNearestTakesTheOneCandidateAWordBegins(t *testing.T) {
	tools := []string{"greet", "get_weather", "get_time", "echo"}
	for _, tc := range []struct{ word, want string }{
		{"gre", "greet"},
		{"get_w", "get_weather"},
		{"get_", ""}, // two begin so
		{"g", ""},    // one rune
		{"ech", "echo"},
		{"echo", ""}, // the name itself
		{"xyz", ""},
	} {
		if got := Nearest(tc.word, tools); got != tc.want {
			t.Errorf("Nearest(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}

// A word every rune of which would change is no slip of the candidate:
// "c" typed for a schema of keys a and b was asked whether it meant a.
func TestNearestKeepsARune(t *testing.T) {
	for _, tc := range []struct {
		word       string
		candidates []string
		want       string
	}{
		{"c", []string{"a", "b"}, ""},
		{"x", []string{"xy"}, "xy"},
		{"ab", []string{"ac"}, "ac"},
	} {
		if got := Nearest(tc.word, tc.candidates); got != tc.want {
			t.Errorf("Nearest(%q, %q) = %q, want %q", tc.word, tc.candidates, got, tc.want)
		}
	}
}
