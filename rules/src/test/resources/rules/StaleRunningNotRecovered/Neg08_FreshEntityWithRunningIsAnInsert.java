package demo;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface TaskRepository extends JpaRepository<Task, Long> {
    @Query("select t from Task t where t.status = 'NEW'")
    java.util.List<Task> findNew();
}

public class Starter {
    TaskRepository taskRepository;

    public void start(long id) {
        Task task = new Task();
        task.setStatus("RUNNING");
        taskRepository.save(task);
    }
}
