/* The parts of libmgba (Debian's libmgba-dev 0.10) the harness binds to.
 * flags.h must come first: it records the options libmgba was built with
 * (USE_DEBUGGERS, ENABLE_SCRIPTING, ...), which change the layout of struct
 * mCore. Without it the bindings' function-pointer offsets are wrong. */
#include <mgba/flags.h>
#include <stdio.h>
#include <stdarg.h>
#include <mgba-util/vfs.h>
#include <mgba/core/core.h>
#include <mgba/core/config.h>
#include <mgba/core/log.h>
#include <mgba/core/timing.h>
#include <mgba/core/blip_buf.h>
#include <mgba/gba/core.h>
