package command

import "testing"

// A path that starts with "-" pastes back as ./-x, the same file, where
// bare (and quoted alike: the shell drops the quotes) the command read it
// as a flag; a value after key= keeps its "-", which is no flag there.
func TestShellPathOfADashedPathIsNoFlag(t *testing.T) {
	for in, want := range map[string]string{
		"-rf.jsonl":        "./-rf.jsonl",
		"--all":            "./--all",
		"-it's":            `'./-it'\''s'`,
		"-\xff":            `$'./-\xff'`,
		"/tmp/-x.jsonl":    "/tmp/-x.jsonl",
		"sessions/a.jsonl": "sessions/a.jsonl",
	} {
		if got := ShellPath(in); got != want {
			t.Errorf("ShellPath(%q) = %s, want %s", in, got, want)
		}
	}
	if got := ShellValue("-next"); got != "-next" {
		t.Errorf("ShellValue(-next) = %s, want -next: after cursor= it is no flag", got)
	}
}
