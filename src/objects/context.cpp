#include "src/objects/context.h"

#include "src/objects/queue.h"

#include "runtime/aligned_memory.h"

#include <algorithm>

namespace corecl {

Context::Context(std::vector<Device *> devices, std::vector<cl_context_properties> properties,
                 NotifyFn notify, void *userData)
    : devices_(std::move(devices)), properties_(std::move(properties)), notify_(notify),
      notifyUserData_(userData), heldDevices_(devices_.begin(), devices_.end()) {}

Context::~Context() {
  // Most recently registered first, as the spec requires.
  for (auto it = destructorCallbacks_.rbegin(); it != destructorCallbacks_.rend(); ++it)
    it->first(handle(), it->second);
  for (auto &[base, allocation] : svm_)
    rt::freeAligned(allocation.base);
}

void *Context::svmAllocate(size_t size, cl_svm_mem_flags flags) {
  char *base = static_cast<char *>(rt::allocateAligned(size));
  if (!base)
    return nullptr;
  try {
    std::lock_guard lock(svmMutex_);
    svm_.emplace(base, SvmAllocation{base, size, flags});
  } catch (...) {
    rt::freeAligned(base);
    throw;
  }
  return base;
}

bool Context::svmFree(void *base) {
  {
    std::lock_guard lock(svmMutex_);
    auto it = svm_.find(static_cast<const char *>(base));
    if (it == svm_.end())
      return false;
    svm_.erase(it);
  }
  rt::freeAligned(base);
  return true;
}

std::optional<Context::SvmAllocation> Context::svmAllocationOf(const void *p) const {
  const char *address = static_cast<const char *>(p);
  std::lock_guard lock(svmMutex_);
  auto it = svm_.upper_bound(address);
  if (it == svm_.begin())
    return std::nullopt;
  --it;
  if (address >= it->second.base + it->second.size)
    return std::nullopt;
  return it->second;
}

bool Context::hasDevice(const Device *d) const {
  return std::find(devices_.begin(), devices_.end(), d) != devices_.end();
}

cl_ulong Context::maxMemAllocSize() const {
  cl_ulong limit = ~cl_ulong(0);
  for (Device *d : devices_)
    limit = std::min(limit, d->maxMemAllocSize());
  return limit;
}

void Context::notify(const std::string &message) const {
  if (notify_)
    notify_(message.c_str(), nullptr, 0, notifyUserData_);
}

void Context::addDestructorCallback(DestructorFn fn, void *userData) {
  std::lock_guard lock(mutex_);
  destructorCallbacks_.emplace_back(fn, userData);
}

Ref<CommandQueue> Context::defaultDeviceQueue(const Device &device) const {
  std::lock_guard lock(deviceQueueMutex_);
  auto found = defaultDeviceQueues_.find(&device);
  return found == defaultDeviceQueues_.end() ? Ref<CommandQueue>() : found->second;
}

void Context::setDefaultDeviceQueue(const Device &device, CommandQueue *queue) {
  Ref<CommandQueue> replaced; // dropped after the lock
  std::lock_guard lock(deviceQueueMutex_);
  replaced = std::exchange(defaultDeviceQueues_[&device], Ref<CommandQueue>(queue));
}

void Context::forgetDeviceQueue(CommandQueue *queue) {
  Ref<CommandQueue> dropped; // after the lock: it may be the last reference
  std::lock_guard lock(deviceQueueMutex_);
  auto found = defaultDeviceQueues_.find(&queue->device());
  if (found != defaultDeviceQueues_.end() && found->second.get() == queue) {
    dropped = std::move(found->second);
    defaultDeviceQueues_.erase(found);
  }
}

} // namespace corecl
