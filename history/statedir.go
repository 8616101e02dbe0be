package history

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// DefaultDir is where recordings go: $MCPSCOPE_STATE_DIR/sessions, else
// $XDG_STATE_HOME/mcpscope/sessions, else ~/.local/state/mcpscope/sessions,
// else (no home) mcpscope-UID/sessions in the temporary directory. That
// last one is made this user's private directory, or refused (the error
// names it, what is wrong and what to do) when it is not: the temporary
// directory is shared, and another user who made it first would read
// every recording, a server's answers included, or redirect them.
func DefaultDir() (string, error) {
	if d, _ := envDir(); d != "" {
		return d, nil
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		// With no home, the shared temporary directory: one directory
		// for every user there was the first one's (0700), and everyone
		// else's recordings and ↑ history were refused.
		own := filepath.Join(os.TempDir(), fmt.Sprintf("mcpscope-%d", os.Getuid()))
		return filepath.Join(own, "sessions"), privateDir(own)
	}
	return filepath.Join(home, ".local", "state", "mcpscope", "sessions"), nil
}

// privateDir makes dir 0700, or checks that the dir already there is this
// user's own as tmux and ssh do theirs: a directory itself (Lstat: a
// symbolic link could point anywhere), owned by this user, with no access
// for group or others.
func privateDir(dir string) error {
	err := os.Mkdir(dir, 0o700)
	if err == nil {
		return nil
	}
	if !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("cannot create %s: %w", dir, errors.Unwrap(err))
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("cannot check %s: %w", dir, errors.Unwrap(err))
	}
	wrong := ""
	switch owner, known := fileOwner(fi); {
	case fi.Mode()&fs.ModeSymlink != 0:
		wrong = "is a symbolic link"
	case !fi.IsDir():
		wrong = "is not a directory"
	case known && owner != os.Getuid():
		wrong = fmt.Sprintf("belongs to another user (uid %d)", owner)
	case known && fi.Mode().Perm()&0o077 != 0:
		wrong = fmt.Sprintf("is open to other users (mode %04o, not 0700)", fi.Mode().Perm())
	default:
		return nil
	}
	return fmt.Errorf("%s %s, and recordings there would not be private: remove it, or set MCPSCOPE_STATE_DIR to a directory of your own", dir, wrong)
}

// DirFromEnv says, for an error about dir, where dir came from when the
// environment named it: "the sessions directory is DIR from $VAR: fix or
// unset VAR". "" for any other dir: the user typed it, or it is the home
// directory's. The mistake is then in no command the user looks at.
func DirFromEnv(dir string) string {
	d, from := envDir()
	if from == "" || d != dir {
		return ""
	}
	return fmt.Sprintf("the sessions directory is %s from $%s: fix or unset %s", dir, from, from)
}

// envDir is the recordings' directory the environment names, and the
// variable that names it; "" and "" when none does. DefaultDir and
// DirFromEnv read it so, and cannot disagree about which applies.
func envDir() (dir, from string) {
	if d := os.Getenv("MCPSCOPE_STATE_DIR"); d != "" {
		return filepath.Join(d, "sessions"), "MCPSCOPE_STATE_DIR"
	}
	if d := os.Getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "mcpscope", "sessions"), "XDG_STATE_HOME"
	}
	return "", ""
}
