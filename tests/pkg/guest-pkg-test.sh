#!/bin/sh
# In the VM (check plan, suite "pkg"): the installed packages only.  The
# staged build (/opt/idxgen) is out of the picture: no LD_LIBRARY_PATH,
# PATH without /opt.  Then the permission path of `idxgen list`: a node of
# group render, mode 0660 (what 70-idxgen.rules gives) as a user outside
# and inside that group.
for tap_sh in "$(dirname "$0")/tap.sh" "$(dirname "$0")/../common/tap.sh"; do
	[ -f "$tap_sh" ] && break
done
. "$tap_sh"
unset LD_LIBRARY_PATH
export PATH=/usr/bin:/bin:/sbin
T=/usr/bin/idxgen
[ -x $T ] && [ -f /usr/lib/x86_64-linux-gnu/libidxgen.so.2 ]; ok $? "packages installed in / (idxgen-tools, libidxgen2)"
$T list >/tmp/p.out 2>&1; rc=$?
sed 's/^/# /' /tmp/p.out
[ $rc = 0 ] && grep -q '/dev/accel/accel0' /tmp/p.out; ok $? "installed idxgen list shows /dev/accel/accel0"
$T run -b 32x64x1 -b 100x2x2 -b 32x64x1 >/tmp/p.out 2>&1
res=$(awk 'NR > 1 {printf "%s ", $5}' /tmp/p.out)
[ "$res" = "miss miss hit " ]; ok $? "installed idxgen run on the device: $res"
/opt/pkg-test/hello >/tmp/p.out 2>&1; rc=$?
sed 's/^/# /' /tmp/p.out
[ $rc = 0 ] && grep -q 'run 1: hit' /tmp/p.out && grep -q 'thread 1020 = (28, 31, 0)' /tmp/p.out
ok $? "the README example built with pkg-config against the packages runs on the device"
[ -f /lib/firmware/idxgen/idxgen-fw.bin ]; ok $? "idxgen-firmware's image in /lib/firmware/idxgen"
dkms_ko=/lib/modules/$(uname -r)/updates/dkms/idxgen.ko
[ -f "$dkms_ko" ] && [ "${IDXGEN_KO:-}" = "$dkms_ko" ] && grep -q '^idxgen ' /proc/modules
ok $? "the driver in use is the DKMS build ($dkms_ko)"

# Permissions, as the udev rule sets them.
node=/dev/accel/accel0
mode=$(stat -c %a $node)
grp=$(stat -c %g $node)
grep -q '^idxuser:' /etc/passwd 2>/dev/null || {
	echo 'root:x:0:0:root:/tmp:/bin/sh' >>/etc/passwd
	echo 'idxuser:x:1000:1000::/tmp:/bin/sh' >>/etc/passwd
	echo 'renduser:x:1001:1001::/tmp:/bin/sh' >>/etc/passwd
	printf 'root:x:0:\nidxuser:x:1000:\nrenduser:x:1001:\nrender:x:105:renduser\n' >>/etc/group
}
chgrp 105 /dev/accel/accel* && chmod 0660 /dev/accel/accel*
su -s /bin/sh -c "$T list" idxuser >/tmp/p.out 2>/tmp/p.err; rc=$?
sed 's/^/# /' /tmp/p.out /tmp/p.err
[ $rc = 1 ] && grep -q "$node .*(no permission)" /tmp/p.out &&
	grep -q "/dev/accel/accel[0-9]* exists but cannot be opened: Permission denied" /tmp/p.err &&
	grep -q "adduser .* render" /tmp/p.err
ok $? "idxgen list as a user outside render: node marked, reason and remedy, exit 1 (rc $rc)"
su -s /bin/sh -c "$T list --json" idxuser 2>/dev/null | grep -q '"accessible": false'
ok $? "list --json as that user: accessible false"
su -s /bin/sh -c "$T list" renduser >/tmp/p.out 2>/tmp/p.err; rc=$?
[ $rc = 0 ] && ! grep -q 'no permission' /tmp/p.out && [ ! -s /tmp/p.err ]
ok $? "idxgen list as a member of render: usable, exit 0 (rc $rc)"
su -s /bin/sh -c "$T run -b 32x1x1" renduser >/tmp/p.out 2>&1
ok $? "a member of render runs a job"
chgrp "$grp" /dev/accel/accel*
chmod "$mode" /dev/accel/accel*
tap_done
