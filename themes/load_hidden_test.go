package themes

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// A config directory the user may not search (the HOME of another user,
// kept by sudo -u or a container's --user) hides whether a theme file is
// there: the built-in theme is used, where the debugger refused to start
// for a theme nobody had asked for. A theme file the user can see but not
// read is still refused.
func TestLoadBuiltinUnderAnUnsearchableConfigDir(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root searches a directory whatever its permissions")
	}
	root := t.TempDir()
	closed := filepath.Join(root, "closed")
	if err := os.MkdirAll(filepath.Join(closed, "themes"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(closed, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(closed, 0o700) })
	t.Setenv(EnvConfigDir, closed)
	t.Setenv(EnvNoColor, "")
	for _, name := range []string{"", "dark"} {
		if th, err := Load(name); err != nil || th.Source != SourceBuiltin {
			t.Errorf("Load(%q) = %q from %q, %v; want the built-in", name, th.Name, th.Source, err)
		}
	}

	open := filepath.Join(root, "open")
	unreadable := filepath.Join(open, "themes", "dark.yaml")
	if err := os.MkdirAll(filepath.Dir(unreadable), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(unreadable, []byte("base: dark\n"), 0); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvConfigDir, open)
	if _, err := Load("dark"); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("Load(dark) of an unreadable dark.yaml = %v, want it refused", err)
	}
}
