package demo;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface TaskRepository extends JpaRepository<Task, Long> {
    @Query("select t from Task t where t.status = 'NEW'")
    java.util.List<Task> findNew();
}

public class Worker {
    TaskRepository taskRepository;

    public void work() {
        for (Task task : taskRepository.findNew()) {
            task.setStatus("RUNNING");
            taskRepository.save(task); // expect: IDEM008
            task.setStatus("DONE");
            taskRepository.save(task);
        }
    }
}
