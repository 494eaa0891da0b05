import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def dir = new File(basedir, 'target/idemcheck')
def sarif = new JsonSlurper().parse(new File(dir, 'idemcheck.sarif'))
assert sarif.runs[0].results.findAll { it.level != 'note' }*.ruleId == ['IDEM001']
def json = new JsonSlurper().parse(new File(dir, 'idemcheck.json'))
assert json.findings*.ruleId == ['IDEM001']
assert new File(dir, 'idemcheck.txt').text.contains('[IDEM001]')
assert log.contains('[ERROR] ') && log.contains('[IDEM001]')
assert log.contains('(failOnViolation=false: the build goes on)')
assert log.contains('BUILD SUCCESS')
return true
