/* Where the paper's profiles are, for --help: installed programs find them
 * in PREFIX/share/ortho/profiles next to their own PREFIX/bin (make
 * install), programs run from the build tree in the sources' profiles/. */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tools.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* dirname in place: "/a/b/c" -> "/a/b"; 0 when there is no '/' left. */
static int strip_last(char *path)
{
    char *slash = strrchr(path, '/');
    if (slash == NULL || slash == path)
        return 0;
    *slash = '\0';
    return 1;
}

const char *tool_profiles_dir(void)
{
    static char dir[PATH_MAX];
    static const char suffix[] = "/share/ortho/profiles";
    struct stat st;
    ssize_t len = readlink("/proc/self/exe", dir, sizeof dir - sizeof suffix);
    if (len <= 0)
        return "profiles";
    dir[len] = '\0';
    /* PREFIX/bin/ortho-predict -> PREFIX */
    if (!strip_last(dir) || !strip_last(dir))
        return "profiles";
    strcat(dir, suffix);
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return "profiles";
    return dir;
}
