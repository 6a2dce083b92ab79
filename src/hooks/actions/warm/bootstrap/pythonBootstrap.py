"""A warm Python interpreter's bootstrap (hookrail).

Started ahead of need with no flags, it waits on descriptor 3 for one hook: the working directory,
the script, its arguments and how its environment differs from the one this process started with,
fields separated by NUL after the message's length (see warm/controlMessage.ts).
It applies them and runs the script in the interpreter's own ``__main__`` module, as ``python3
script.py`` would: ``__name__ == "__main__"``, ``sys.argv``, ``sys.path[0]`` and ``__file__`` set
the same way. stdin, stdout and stderr are the hook's pipes; the bootstrap never writes to them. One
hook per process.

When the script is over, the bootstrap does what Python does first as it exits — waits for the
script's non-daemon threads, runs its ``atexit`` functions, flushes ``sys.stdout`` and
``sys.stderr`` — then, if the process has no child of its own, points descriptors 1 and 2 at
``/dev/null`` and writes ``end <exit status>`` on descriptor 3: the host has the hook's answer
without waiting for the interpreter's teardown, which then runs as usual (objects finalised, files
flushed) with nothing left to print to. A process with a child says nothing and ends with its real
exit, as a cold one does.

Before it waits, it imports the standard-library modules hooks use most (``PRELOADED``): importing
them is most of what a small hook spends after the interpreter's start, and none of them reads the
environment or the working directory when imported. A script whose own directory holds a module of
one of those names would import that module when started cold, so for it the bootstrap starts the
interpreter anew on the script (``os.execv``: the same process, its pipes and its environment), as
cold as a spawned one. It also compiles a snippet once, so the one-time set-up of Python's compiler
is not on the hook's path, and, given the path of the script the host expects next as its argument,
reads and compiles that script ahead; the hook uses that compilation only if the file still holds
the same bytes. It also lists that script's directory ahead for modules named like preloaded ones,
an answer the hook uses only while the directory's entries are unchanged. What it loaded ahead is
frozen out of the garbage collector (``gc.freeze``), so Python's last collection at exit does not
walk it.
"""
import gc
import os
import sys

# Imported while idle: the announcement of the script's end runs its functions, and a first import
# there (about 20 microseconds) would be on the hook's path.
import atexit  # noqa: E402,F401

_loaded_at_start = {name.partition(".")[0] for name in sys.modules}
import datetime  # noqa: E402,F401
import json  # noqa: E402,F401
import pathlib  # noqa: E402,F401
import re  # noqa: E402,F401
import shlex  # noqa: E402,F401
import subprocess  # noqa: E402,F401

PRELOADED = frozenset(name.partition(".")[0] for name in sys.modules) - _loaded_at_start
_MODULE_SUFFIXES = (".py", ".pyc", ".pyw", ".so")

# The first call of compile() in an interpreter builds the classes of Python's syntax tree, about
# half a millisecond, which a script's own compilation would otherwise pay on the hook's path. Done
# here on a snippet of the usual constructs; the script is still compiled from its own source.
compile(
    b"import sys\n"
    b"def f(a, *b, c=None, **d):\n"
    b"    try:\n"
    b"        return [x for x in b if x], {k: v for k, v in d.items()}, f'{a!r:>4}'\n"
    b"    except (KeyError, ValueError) as error:\n"
    b"        raise SystemExit(str(error)) from None\n"
    b"    finally:\n"
    b"        pass\n"
    b"class C:\n"
    b"    x: int = 1\n"
    b"with open(__file__) as handle:\n"
    b"    lines = handle.read().splitlines() if sys.argv[1:] else lambda: None\n",
    "<hookrail warm-up>",
    "exec",
    dont_inherit=True,
)


def _warm_up():
    """The first regular expressions and JSON a hook handles, on values of its own.

    The first ``re.compile`` and ``json.loads`` of a process set up what later calls reuse (about
    60 microseconds for a guard that compiles two patterns and reads its input). Nothing of it is
    visible to a script: the regular-expression cache is emptied again.
    """
    for pattern in (r"^\s*(\w+)\s+-[a-z]+\b(?!.*\|)", r"(?i)rm\s+-rf?\s+/(?:\S*)$", r"\.(env|pem)$|^/etc/"):
        for _ in range(3):
            re.compile(pattern).search("grep -rn main src | sort")
        re.purge()
    for _ in range(3):
        json.dumps(json.loads('{"tool_input": {"command": "ls -la", "numbers": [1, 2.5, true, null]}}'))


_warm_up()


def _shadows_preloaded(directory):
    """True when ``directory`` holds a module or package named like a preloaded module."""
    try:
        entries = os.listdir(directory)
    except OSError:
        return False
    for entry in entries:
        name, dot, suffix = entry.partition(".")
        if name not in PRELOADED:
            continue
        if dot and ("." + suffix.rpartition(".")[2]) in _MODULE_SUFFIXES:
            return True
        if not dot and os.path.isdir(os.path.join(directory, entry)):
            return True
    return False


def _directory_identity(directory):
    """What changes whenever an entry of ``directory`` is added, removed or renamed, or None.

    Its device, inode and change time: nothing can set a change time back.
    """
    try:
        facts = os.stat(directory)
    except OSError:
        return None
    return (facts.st_dev, facts.st_ino, facts.st_ctime_ns)


def _shadows_for_hook(directory):
    """``_shadows_preloaded(directory)``, from the listing made while idle if the directory is unchanged."""
    listed = _LISTED
    if listed is not None and listed[0] == directory and _directory_identity(directory) == listed[1]:
        return listed[2]
    return _shadows_preloaded(directory)


def _list_ahead(script_path):
    """Whether the expected script's directory shadows a preloaded module, decided while idle.

    Kept only for a directory whose entries have not changed for a second: any change made after
    this listing then gives it another change time (which nothing can set back), even where the
    file system's clock is coarse. The hook uses the answer only if the directory's identity is
    still the one recorded here.
    """
    import time

    try:
        directory = os.path.dirname(os.path.realpath(script_path))
        identity = _directory_identity(directory)
        if identity is None or identity[2] > time.time_ns() - 1_000_000_000:
            return None
        return (directory, identity, _shadows_preloaded(directory))
    except OSError:
        return None


def _prepare(script_path):
    """The script the host expects next (the bootstrap's argument), read and compiled ahead."""
    import stat

    try:
        # Opened without blocking and read only if it is a regular file: a FIFO put in the script's
        # place must not keep the idle process from ever waiting for its hook.
        descriptor = os.open(script_path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        try:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                return None
            with os.fdopen(descriptor, "rb", closefd=False) as source_file:
                source = source_file.read(_PREPARED_MAX_BYTES + 1)
        finally:
            os.close(descriptor)
        if len(source) > _PREPARED_MAX_BYTES:
            return None
        import warnings

        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            code = compile(source, script_path, "exec", dont_inherit=True)
        # A compiler warning belongs on the stderr of the hook that runs this script, which may not
        # be this process's: such a script is compiled by its hook, as cold.
        if caught:
            return None
        _compile_patterns_ahead(code)
        return (script_path, source, code)
    except Exception:
        # Unreadable or not valid Python now: the hook compiles it itself, and reports what it finds.
        return None


def _compile_patterns_ahead(code):
    """The regular expressions the script is likely to compile, put in ``re``'s cache ahead.

    A guard's patterns are string constants of its code (``re.compile(r"^rm\\s+-rf")``): each
    constant that looks like one is compiled here with no flags, so the script's own call finds it
    in the cache, the same pattern object a compilation would give. Should any of them warn (a
    ``FutureWarning`` for a possible nested set), the cache is emptied again: the script must
    compile that one itself, so the warning is on its hook's stderr, as cold.
    """
    import warnings

    texts = []
    pending = [code]
    while pending and len(texts) < _PATTERNS_AHEAD_MAX:
        for constant in pending.pop().co_consts:
            if isinstance(constant, str):
                if len(constant) <= 1000 and any(sign in constant for sign in _PATTERN_SIGNS):
                    texts.append(constant)
            elif hasattr(constant, "co_consts"):
                pending.append(constant)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for text in texts[:_PATTERNS_AHEAD_MAX]:
            try:
                re.compile(text)
            except Exception:
                # Not a regular expression after all.
                pass
    if caught:
        re.purge()


_PATTERNS_AHEAD_MAX = 64
_PATTERN_SIGNS = ("\\", "^", "$", "(", "[", "|", "*", "+", "?")
_PREPARED_MAX_BYTES = 1 << 20
_PREPARED = _prepare(sys.argv[1]) if len(sys.argv) > 1 else None
_LISTED = _list_ahead(sys.argv[1]) if len(sys.argv) > 1 else None

# Everything loaded so far lives as long as the process: kept out of the garbage collector's
# generations (as pre-forking servers do), so the collection Python makes as it exits does not walk
# it again. That collection is most of a small hook's exit.
gc.freeze()


def _hookrail_warm_start():
    # The script runs in this module's namespace, which it replaces: what runs after it must not
    # read this module's globals, so it works from names local to this function.
    import os
    import sys

    exit_status = _exit_status
    announce_end = _announce_end
    real_path = _real_path
    read_all = _read_all
    prepared = _PREPARED
    # The message's length, a newline, then the message: read exactly that, so the hook starts as
    # soon as the host has written it (warm/controlMessage.ts).
    received = b""
    length = None
    while length is None or len(received) < length:
        try:
            chunk = os.read(3, 65536)
        except BlockingIOError:
            continue
        if not chunk:
            # The host closed the channel before a whole hook: the pool is shutting down.
            os._exit(0)
        received += chunk
        if length is None and b"\n" in received:
            header, _, received = received.partition(b"\n")
            length = int(header)
    # Kept open to announce the script's end; the script's own children do not inherit it.
    os.set_inheritable(3, False)
    fields = received.split(b"\0")
    index = 0
    working_directory = fields[0]
    script = fields[1]
    argument_count = int(fields[2])
    index = 3
    arguments = fields[index:index + argument_count]
    index += argument_count
    unset_count = int(fields[index])
    index += 1
    unset = fields[index:index + unset_count]
    index += unset_count

    os.chdir(working_directory)
    # What differs from the environment this process started with: removed, then set.
    environ = os.environb
    for name in unset:
        environ.pop(name, None)
    for entry in fields[index:]:
        name, separator, value = entry.partition(b"=")
        if separator and name:
            environ[name] = value

    # Made absolute as Python does for its script: joined to the working directory, not normalised.
    script_path = os.fsdecode(script)
    if not os.path.isabs(script_path):
        script_path = os.path.join(os.getcwd(), script_path)
    sys.argv[:] = [os.fsdecode(script)] + [os.fsdecode(argument) for argument in arguments]
    sys.orig_argv[1:] = sys.argv
    try:
        descriptor = os.open(script_path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError as error:
        # Gone or unreadable since the host looked: what Python says when it cannot open its script.
        program = sys.orig_argv[0]
        sys.stderr.write("%s: can't open file %r: [Errno %d] %s\n" % (program, script_path, error.errno, error.strerror))
        announce_end(2)
        sys.exit(2)
    try:
        if not getattr(sys.flags, "safe_path", False):
            script_directory = os.path.dirname(real_path(descriptor, script_path))
            if _shadows_for_hook(script_directory):
                os.execv(sys.executable, [sys.orig_argv[0], script, *arguments])
            sys.path[0] = script_directory
        source = read_all(descriptor)
    finally:
        os.close(descriptor)
    if prepared is not None and prepared[0] == script_path and prepared[1] == source:
        # The same file name, flags and bytes: the same code object as a compilation now would give.
        code = prepared[2]
    else:
        code = compile(source, script_path, "exec", dont_inherit=True)

    main = sys.modules["__main__"]
    namespace = main.__dict__
    builtins = namespace["__builtins__"]
    loader_type = sys.modules["_frozen_importlib_external"].SourceFileLoader
    namespace.clear()
    namespace.update(
        __name__="__main__",
        __doc__=None,
        __package__=None,
        __loader__=loader_type("__main__", script_path),
        __spec__=None,
        __annotations__={},
        __builtins__=builtins,
        __file__=script_path,
        __cached__=None,
    )
    try:
        exec(code, namespace)
    except SystemExit as exit_request:
        status = exit_status(exit_request.code)
    except BaseException as error:
        # Printed as Python prints an uncaught exception, without this bootstrap's frames.
        traceback = error.__traceback__
        while traceback is not None and traceback.tb_frame.f_code is not code:
            traceback = traceback.tb_next
        if traceback is not None:
            error.__traceback__ = traceback
        sys.excepthook(type(error), error, error.__traceback__)
        if isinstance(error, KeyboardInterrupt):
            import signal

            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGINT)
        status = 1
    else:
        status = 0
    announce_end(status)
    sys.exit(status)


def _real_path(descriptor, path):
    """The path of the open file ``descriptor`` with every symbolic link resolved, as realpath(3).

    Linux names an open file's resolved path in /proc in one step; ``os.path.realpath`` looks at each
    component of the path in turn. Elsewhere, or for a file deleted since it was opened, that is
    what answers.
    """
    import os

    try:
        resolved = os.readlink("/proc/self/fd/%d" % descriptor)
    except OSError:
        return os.path.realpath(path)
    if not resolved.startswith("/") or resolved.endswith(" (deleted)"):
        return os.path.realpath(path)
    return resolved


def _read_all(descriptor):
    """Everything left to read from ``descriptor``."""
    import os

    chunks = []
    while True:
        chunk = os.read(descriptor, 1 << 20)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def _exit_status(code):
    """The status Python exits with for ``SystemExit(code)``, printing a non-integer code as it does."""
    import sys

    if code is None:
        return 0
    if isinstance(code, int):
        return code
    try:
        sys.stderr.write(str(code) + "\n")
    except Exception:
        pass
    return 1


def _announce_end(status):
    """Python's first exit steps, then stdout and stderr closed and ``end <status>`` on descriptor 3."""
    import atexit
    import os
    import sys

    threading = sys.modules.get("threading")
    if threading is not None:
        threading._shutdown()
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass
    # A script that leaves a child of its own (running, or exited and not waited for) ends with its
    # real exit, as cold, so what the child leaves in the group is found as for a cold process. No
    # child at all is the one case waitid reports as ECHILD; it looks without reaping (WNOWAIT).
    try:
        os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        return
    except ChildProcessError:
        pass
    except (AttributeError, OSError):
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    os.close(null)
    try:
        os.write(3, b"end %d\n" % (status & 0xFF))
    except OSError:
        # The host stopped listening: it sees the real exit instead.
        pass


_hookrail_warm_start()
