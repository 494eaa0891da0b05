package demo;

import org.apache.ibatis.annotations.Select;

interface TaskDao {
    @Select("SELECT id FROM task WHERE status = 'NEW'")
    java.util.List<Long> selectNew();

    int markRunningById(long id);
}

public class Worker {
    TaskDao taskDao;

    public void work() {
        for (Long id : taskDao.selectNew()) {
            if (taskDao.markRunningById(id) == 1) { // expect: IDEM008 "recognised by its method name"
                System.out.println(id);
            }
        }
    }
}
