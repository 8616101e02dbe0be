package themes

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Environment variables that decide where themes come from.
const (
	// EnvConfigDir replaces the whole mcpscope config directory; the themes
	// directory is its "themes" subdirectory.
	EnvConfigDir = "MCPSCOPE_CONFIG_DIR"
	// EnvNoColor, when non-empty, makes the mono theme the default
	// (https://no-color.org).
	EnvNoColor = "NO_COLOR"
)

const fileExt = ".yaml"

// Dir returns the directory that holds user themes: $MCPSCOPE_CONFIG_DIR/themes,
// else $XDG_CONFIG_HOME/mcpscope/themes, else ~/.config/mcpscope/themes. It
// returns "" when none of those can be worked out (no home directory), in
// which case there are simply no user themes.
func Dir() string {
	if d := os.Getenv(EnvConfigDir); d != "" {
		return filepath.Join(d, "themes")
	}
	// The XDG spec says a relative path is invalid and must be ignored.
	if d := os.Getenv("XDG_CONFIG_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "mcpscope", "themes")
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return ""
	}
	return filepath.Join(home, ".config", "mcpscope", "themes")
}

// Load resolves a theme by name. A user file NAME.yaml in Dir wins over a
// built-in of the same name, and a broken one is an error rather than a
// silent fallback, so a typo in a theme never goes unnoticed. The empty name
// means "default", or "mono" when NO_COLOR is set. An unknown name is an
// error that lists every available theme.
func Load(name string) (Theme, error) {
	if name == "" {
		name = "default"
		if os.Getenv(EnvNoColor) != "" {
			name = "mono"
		}
	}
	if strings.ContainsAny(name, `/\`) || strings.HasPrefix(name, ".") {
		return Theme{}, fmt.Errorf("bad theme name %q: use a name such as dark, or put NAME.yaml in %s", name, describeDir(Dir()))
	}
	dir := Dir()
	builtinTheme, isBuiltin := builtin(name)
	if dir != "" {
		path := filepath.Join(dir, name+fileExt)
		t, err := ParseFile(path)
		if err == nil {
			return t, nil
		}
		if !errors.Is(err, fs.ErrNotExist) && !(isBuiltin && hidden(path, err)) {
			return Theme{}, err
		}
	}
	if isBuiltin {
		return builtinTheme, nil
	}
	return Theme{}, &UnknownError{Name: name, Available: availableNames(dir), Dir: describeDir(dir)}
}

// hidden reports a theme file that could not be read (err) because a
// directory on its way may not be searched: the HOME of another user,
// kept by sudo -u or a container run with --user. Whether the file is
// there cannot be known, so no file of the user's is in the way of the
// built-in of its name; the debugger refused to start with "read theme:
// open /root/.config/mcpscope/themes/default.yaml: permission denied",
// for a theme nobody had asked for. A file that is there but unreadable
// is still an error: it is the user's, and broken.
func hidden(path string, err error) bool {
	if !errors.Is(err, fs.ErrPermission) {
		return false
	}
	_, serr := os.Stat(path)
	return errors.Is(serr, fs.ErrPermission)
}

// UnknownError is Load's error for a name that is no theme. It lists the
// themes there are; Meant, when the caller fills it in with the one the
// name is a slip of ("lite"), is asked about first.
type UnknownError struct {
	Name      string
	Available []string
	Dir       string // where user themes go, as said to the user
	Meant     string
}

func (e *UnknownError) Error() string {
	meant := ""
	if e.Meant != "" {
		meant = ": did you mean " + e.Meant + "?"
	}
	return fmt.Sprintf("unknown theme %q%s (available: %s; user themes go in %s)",
		e.Name, meant, strings.Join(e.Available, ", "), e.Dir)
}

// List returns the built-in themes followed by the user themes in Dir, sorted
// by name. A user theme named like a built-in takes the built-in's place, as
// it does in Load. Broken user files do not stop the listing: each comes back
// as an error next to the themes that did load.
func List() ([]Theme, []error) {
	themes := Builtins()
	dir := Dir()
	if dir == "" {
		return themes, nil
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return themes, nil
	}
	var errs []error
	if err != nil {
		errs = append(errs, fmt.Errorf("read user themes: %w", err))
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if filepath.Ext(e.Name()) == ".yml" {
			errs = append(errs, &FileError{Path: path, Msg: "theme files must end in .yaml; rename it to " +
				strings.TrimSuffix(e.Name(), ".yml") + fileExt})
			continue
		}
		if filepath.Ext(e.Name()) != fileExt {
			continue
		}
		t, err := ParseFile(path)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		themes = replaceOrAppend(themes, t)
	}
	return themes, errs
}

func replaceOrAppend(themes []Theme, t Theme) []Theme {
	for i := range themes {
		if themes[i].Name == t.Name {
			themes[i] = t
			return themes
		}
	}
	return append(themes, t)
}

// availableNames lists built-ins and the names of user theme files, without
// parsing them: the caller only needs names to suggest.
func availableNames(dir string) []string {
	names := builtinNames()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		n, ok := strings.CutSuffix(e.Name(), fileExt)
		if e.IsDir() || !ok {
			continue
		}
		if _, isBuiltin := builtin(n); !isBuiltin {
			names = append(names, n)
		}
	}
	return names
}

func describeDir(dir string) string {
	if dir == "" {
		return "$" + EnvConfigDir + "/themes (no home directory found)"
	}
	return dir
}
