package history

import "slices"

// damage is a reader's notes without the one about a missing close: the
// sessions tests write by hand end where the test needs, without the
// closing record a session writes (ending_test.go checks that note).
func damage(notes []string) []string {
	out := slices.DeleteFunc(slices.Clone(notes), func(s string) bool { return s == unclosedNote })
	if len(out) == 0 {
		return nil
	}
	return out
}

// damageNote is a listing's note, "" when it is only the missing close.
func damageNote(note string) string {
	if note == unclosedNote {
		return ""
	}
	return note
}
